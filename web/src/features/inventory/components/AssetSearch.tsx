import { Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { useAssetSearch } from '../hooks/useAssetSearch';
import { assetTypeOf, assetViewPath, type SearchItem } from '../types/inventory';

function Option({ item }: { item: SearchItem }) {
  return (
    <Combobox.Option value={`${assetTypeOf(item)}:${item.id}`} aria-label={item.hex_id.toUpperCase()}>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" ff="monospace">
          {item.hex_id.toUpperCase()}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {[item.name, item.vendor, item.data_collector].filter(Boolean).join(' · ')}
        </Text>
      </Group>
    </Combobox.Option>
  );
}

/** 'Find device or gateway': results grouped by kind; choosing one opens its 360° view in a new tab. */
export function AssetSearch() {
  const { state, search } = useAssetSearch();
  const [text, setText] = useState('');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });

  const open = (value: string) => {
    const [type, id] = value.split(':');
    window.open(assetViewPath({ type, id: Number(id) }), '_blank', 'noopener');
    combobox.closeDropdown();
  };

  const hasText = text.trim() !== '';
  return (
    <Combobox store={combobox} onOptionSubmit={open}>
      <Combobox.Target>
        <TextInput
          aria-label="Find device or gateway"
          placeholder="Find device or gateway"
          value={text}
          maw={520}
          rightSection={state.status === 'loading' ? <Loader size="xs" /> : null}
          onChange={(event) => {
            setText(event.currentTarget.value);
            search(event.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => hasText && combobox.openDropdown()}
          onClick={() => hasText && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!hasText || state.status === 'idle'} data-testid="search-results">
        <Combobox.Options>
          {state.status === 'error' && (
            <Combobox.Empty>Something went wrong. Try again later.</Combobox.Empty>
          )}
          {state.status === 'loading' && <Combobox.Empty>…</Combobox.Empty>}
          {state.status === 'ready' && state.devices.length + state.gateways.length === 0 && (
            <Combobox.Empty>No results found...</Combobox.Empty>
          )}
          {state.status === 'ready' && state.devices.length > 0 && (
            <Combobox.Group label="Devices">
              {state.devices.map((item) => (
                <Option key={item.id} item={item} />
              ))}
            </Combobox.Group>
          )}
          {state.status === 'ready' && state.gateways.length > 0 && (
            <Combobox.Group label="Gateways">
              {state.gateways.map((item) => (
                <Option key={item.id} item={item} />
              ))}
            </Combobox.Group>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
