import { useObservable, useObservableState } from 'observable-hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { firstValueFrom, map, of, switchMap, throwError } from 'rxjs';
import { useServices } from '../../../lib/services-context';
import { createPolicy, getPolicies, getPolicy, updatePolicy } from '../api/policies-api';
import { LOADING, loadable, type Loadable } from '../../../lib/loadable';
import type { Policy, PolicyItem, PolicyItemPayload } from '../types/policy';
import { saveFailure } from '../utils/policy-errors';
import { validateParameter, validatePolicyName } from '../utils/policy-validation';

export type PolicyFormMode = 'new' | 'edit' | 'view';

export interface ItemState {
  item: PolicyItem;
  enabled: boolean;
  /** Parameter values as typed. */
  values: Record<string, string>;
}

export interface PolicyForm {
  /** The policy being edited or viewed, or the template of a new one. */
  source: Loadable<Policy>;
  name: string;
  setName: (name: string) => void;
  nameError: string | null;
  items: ItemState[];
  setEnabled: (code: string, enabled: boolean) => void;
  setParameter: (code: string, parameter: string, value: string) => void;
  parameterErrors: Record<string, Record<string, string>>;
  valid: boolean;
  saving: boolean;
  saveError: string | null;
  save: () => Promise<Policy | null>;
}

const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function itemStates(policy: Policy): ItemState[] {
  return policy.items.map((item) => {
    const schemas = item.alertType.parameters ?? {};
    const values = Object.fromEntries(
      Object.entries(schemas).map(([name, schema]) => [
        name,
        asText(item.parameters?.[name] ?? schema.default),
      ]),
    );
    return { item, enabled: item.enabled, values };
  });
}

/** The items as a policy body sends them; `withIds` for an update, which names the items it changes. */
export function itemPayloads(items: ItemState[], withIds = false): PolicyItemPayload[] {
  return items.map((state) => ({
    ...(withIds && state.item.id !== undefined ? { id: state.item.id } : {}),
    alertTypeCode: state.item.alertTypeCode,
    enabled: state.enabled,
    parameters: Object.fromEntries(Object.entries(state.values).map(([key, value]) => [key, Number(value)])),
  }));
}

/** New (from the Default policy or ?clone={id}), edit, or view a policy (docs/console.md §2, §5, §8). */
export function usePolicyForm(mode: PolicyFormMode, id: number | null, cloneId: number | null): PolicyForm {
  const { api } = useServices();
  const source$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([currentMode, currentId, currentClone]) => {
          if (currentMode !== 'new' && currentId !== null) return loadable(getPolicy(api, currentId));
          if (currentClone !== null) return loadable(getPolicy(api, currentClone));
          // The Default policy is the template of a new one (docs/console.md §9).
          return loadable(
            getPolicies(api, 0, 1000).pipe(
              map((page) => page.items.find((policy) => policy.isDefault) ?? page.items[0]),
              switchMap((policy) =>
                policy ? of(policy) : throwError(() => new Error('No policy to start from')),
              ),
            ),
          );
        }),
      ),
    [mode, id, cloneId],
  );
  const source = useObservableState(source$, LOADING as Loadable<Policy>);

  const [name, setNameState] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [serverNameError, setServerNameError] = useState<string | null>(null);
  const [items, setItems] = useState<ItemState[]>([]);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const loadedFrom = useRef<Policy | null>(null);

  useEffect(() => {
    if (source.status !== 'ready' || loadedFrom.current === source.data) return;
    loadedFrom.current = source.data;
    setItems(itemStates(source.data));
    setNameState(mode === 'new' ? '' : source.data.name);
  }, [source, mode]);

  const parameterErrors = useMemo(() => {
    const errors: Record<string, Record<string, string>> = {};
    for (const state of items) {
      for (const [parameter, schema] of Object.entries(state.item.alertType.parameters ?? {})) {
        const error = validateParameter(schema, state.values[parameter] ?? '');
        if (error)
          errors[state.item.alertTypeCode] = { ...errors[state.item.alertTypeCode], [parameter]: error };
      }
    }
    return errors;
  }, [items]);

  const nameRule = validatePolicyName(name);
  const valid = nameRule === null && Object.keys(parameterErrors).length === 0 && source.status === 'ready';

  const update = (code: string, change: (state: ItemState) => ItemState) =>
    setItems((current) =>
      current.map((state) => (state.item.alertTypeCode === code ? change(state) : state)),
    );

  const save = async (): Promise<Policy | null> => {
    if (!valid || mode === 'view') return null;
    const body = { name: name.trim(), items: itemPayloads(items, mode === 'edit') };
    setSaving(true);
    setSaveError(null);
    setServerNameError(null);
    try {
      return await firstValueFrom(
        mode === 'edit' && id !== null ? updatePolicy(api, id, body) : createPolicy(api, body),
      );
    } catch (error) {
      const failure = saveFailure(error);
      if (failure.field === 'name') setServerNameError(failure.message);
      else setSaveError(failure.message);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return {
    source,
    name,
    setName: (value) => {
      setNameState(value);
      setNameTouched(true);
      setServerNameError(null);
    },
    nameError: serverNameError ?? (nameTouched ? nameRule : null),
    items,
    setEnabled: (code, enabled) => update(code, (state) => ({ ...state, enabled })),
    setParameter: (code, parameter, value) =>
      update(code, (state) => ({ ...state, values: { ...state.values, [parameter]: value } })),
    parameterErrors,
    valid,
    saving,
    saveError,
    save,
  };
}
