import { Anchor, Table, UnstyledButton, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Alert, AlertAssetType } from '../lib/alerts/alert';
import { deviceIdentity, deviceName, gatewayIdentity } from '../lib/alerts/alert-display';
import { formatDateTime } from '../lib/format';
import type { Risk } from '../lib/levels';
import { ImportanceBadge } from './ImportanceBadge';
import { RiskBadge } from './RiskBadge';

/*
 * The cells every alert-like table (dashboard latest alerts, alerts review, current issues, events log) builds
 * the same way, so an alert reads alike wherever it is listed. The tables keep their own rows and columns.
 */

/** RISK: the alert type's risk badge (empty while the type is unknown). */
export function RiskCell({ risk }: { risk: Risk | null | undefined }) {
  return (
    <Table.Td>
      <RiskBadge risk={risk} />
    </Table.Td>
  );
}

/**
 * The DESCRIPTION text as a button. The row itself opens the alert dialog on click (the click bubbles up to it);
 * the button gives keyboard users a focus stop and names what opens.
 */
export function DescriptionButton({
  label,
  color,
  children,
}: {
  label: string;
  color?: MantineColor;
  children: ReactNode;
}) {
  return (
    <UnstyledButton fz="sm" fw={500} c={color} aria-label={label}>
      {children}
    </UnstyledButton>
  );
}

/** A date column (DATE, LAST CHECK) in the console's MM/DD/YY hh:mm:ss A form, kept on one line. */
export function DateCell({ value }: { value: string }) {
  return <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</Table.Td>;
}

/**
 * DevEUI/ADDRESS, DEVICE NAME, IMPORTANCE and GATEWAY of the alert's asset; four empty cells when there is no
 * alert (an issue whose alert is gone). Alerts of a gateway type (New gateway, Gateway moved...) are about the
 * gateway: the device of the packet that revealed it is not theirs, so its cells stay empty.
 */
export function AlertAssetCells({
  alert,
  assetType = 'DEVICE',
}: {
  alert: Alert | null | undefined;
  assetType?: AlertAssetType;
}) {
  const device = assetType === 'DEVICE' ? alert : null;
  const identity = device ? deviceIdentity(device) : '';
  const name = device ? deviceName(device) : '';
  const deviceId = device?.device_id ?? null;
  // The device opens from its name, or from its DevEUI/address when it has none.
  return (
    <>
      <Table.Td ff="monospace">
        {name === '' ? <AssetLink type="device" id={deviceId} text={identity} /> : identity}
      </Table.Td>
      <Table.Td>{name !== '' && <AssetLink type="device" id={deviceId} text={name} />}</Table.Td>
      <Table.Td>
        <ImportanceBadge importance={alert?.asset_importance} />
      </Table.Td>
      <Table.Td ff="monospace">
        <AssetLink type="gateway" id={alert?.gateway_id ?? null} text={alert ? gatewayIdentity(alert) : ''} />
      </Table.Td>
    </>
  );
}

/**
 * An asset's name opening its 360° view in a new tab (spec part 1: device and gateway names); plain text when the
 * asset has no id. Clicking it must not also open the row's dialog.
 */
function AssetLink({ type, id, text }: { type: 'device' | 'gateway'; id: number | null; text: string }) {
  if (id === null || text === '') return <>{text}</>;
  return (
    <Anchor
      href={`/dashboard/assets/${type}/${id}/view`}
      target="_blank"
      rel="noopener"
      size="sm"
      ff="inherit"
      onClick={(event) => event.stopPropagation()}
    >
      {text}
    </Anchor>
  );
}

/** DATA SOURCE / SOURCE: the data source's name, empty when the server gave none. */
export function DataSourceCell({ name }: { name: string | null | undefined }) {
  return <Table.Td>{name ?? ''}</Table.Td>;
}
