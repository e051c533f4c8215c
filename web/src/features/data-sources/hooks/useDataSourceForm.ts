import { useObservable, useObservableState } from 'observable-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { catchError, firstValueFrom, forkJoin, of, switchMap, type Subscription } from 'rxjs';
import { isApiError } from '../../../lib/api';
import { useServices } from '../../../lib/services-context';
import {
  createDataSource,
  getDataSource,
  getDataSourceTypes,
  getPolicyOptions,
  getTtnRegions,
  getUserGateways,
  sendTtnCredentials,
  updateDataSource,
} from '../api/data-sources-api';
import { runConnectionTest, TEST_IDLE, type ConnectionTestState } from '../streams/connection-test';
import { LOADING, loadable, type Loadable } from '../../../lib/loadable';
import type { DataSource, DataSourceType, PolicyOption, TtnGateway, TtnRegion } from '../types/data-source';
import {
  EMPTY_FORM,
  NO_STORED_SECRETS,
  formFromDataSource,
  storedSecretsOf,
  toPayload,
  validateDataSource,
  type DataSourceFormValues,
  type FormErrors,
  type FormField,
  type StoredSecrets,
} from '../utils/data-source-form';
import { serverMessage } from '../utils/server-message';

export const SAVE_FAILED_TEXT =
  'Error! There was an error processing your request. Try again later or contact support.';
/** Spec §9: the save error hides after 5 seconds. */
export const SAVE_ERROR_MS = 5_000;
export const GATEWAYS_FAILED_TEXT = 'An error ocurred while trying to get the gateways.';
export const NO_GATEWAYS_TEXT = 'No gateways were found for this account.';

export interface FormContext {
  types: DataSourceType[];
  policies: PolicyOption[];
  regions: TtnRegion[];
  source: DataSource | null;
}

export type GatewaysState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; gateways: TtnGateway[] }
  | { status: 'error'; message: string };

export interface DataSourceForm {
  context: Loadable<FormContext>;
  values: DataSourceFormValues;
  errors: FormErrors;
  /** Errors of the fields the user has touched (what the form shows). */
  visibleErrors: FormErrors;
  stored: StoredSecrets;
  valid: boolean;
  set: <K extends FormField>(field: K, value: DataSourceFormValues[K]) => void;
  touch: (field: FormField) => void;
  test: ConnectionTestState;
  startTest: () => void;
  canSave: boolean;
  saving: boolean;
  saveError: string | null;
  save: () => Promise<number | null>;
  gateways: GatewaysState;
  fetchGateways: () => void;
}

/** State and calls of the New / Edit Data Source form (docs/console.md §4, §5). */
export function useDataSourceForm(id: number | null): DataSourceForm {
  const { api } = useServices();

  const context$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([editedId]) =>
          loadable(
            forkJoin({
              types: getDataSourceTypes(api),
              policies: getPolicyOptions(api),
              regions: getTtnRegions(api).pipe(catchError(() => of<TtnRegion[]>([]))),
              source: editedId === null ? of(null) : getDataSource(api, editedId),
            }),
          ),
        ),
      ),
    [id],
  );
  const context = useObservableState(context$, LOADING as Loadable<FormContext>);

  const [values, setValues] = useState<DataSourceFormValues>(EMPTY_FORM);
  const [touched, setTouched] = useState<ReadonlySet<FormField>>(new Set());
  const [test, setTest] = useState<ConnectionTestState>(TEST_IDLE);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [gateways, setGateways] = useState<GatewaysState>({ status: 'idle' });
  const testRun = useRef<Subscription | null>(null);
  const initialised = useRef(false);

  const stored =
    context.status === 'ready' && context.data.source
      ? storedSecretsOf(context.data.source)
      : NO_STORED_SECRETS;

  // Start from the stored data source, or with the Default policy preselected (docs/console.md §9).
  useEffect(() => {
    if (context.status !== 'ready' || initialised.current) return;
    initialised.current = true;
    const { source, policies } = context.data;
    if (source) {
      setValues(formFromDataSource(source));
      if (source.type?.type === 'ttn_collector') {
        const known = (source.gateways_list ?? []).map((gateway) => ({
          id: gateway.gateway_id,
          description: gateway.gateway_name,
        }));
        setGateways({ status: 'ready', gateways: known });
      }
    } else {
      const defaultPolicy =
        policies.find((policy) => policy.isDefault) ?? policies.find((policy) => policy.name === 'Default');
      setValues((current) => ({ ...current, policyId: defaultPolicy ? String(defaultPolicy.id) : null }));
    }
  }, [context]);

  useEffect(() => () => testRun.current?.unsubscribe(), []);

  useEffect(() => {
    if (!saveError) return;
    const timer = setTimeout(() => setSaveError(null), SAVE_ERROR_MS);
    return () => clearTimeout(timer);
  }, [saveError]);

  const errors = useMemo(() => validateDataSource(values, stored), [values, stored]);
  const valid = Object.keys(errors).length === 0;
  const visibleErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(errors).filter(([field]) => touched.has(field as FormField)),
      ) as FormErrors,
    [errors, touched],
  );

  const set = useCallback(<K extends FormField>(field: K, value: DataSourceFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setTouched((current) => new Set(current).add(field));
    // A test only vouches for the settings it ran with.
    testRun.current?.unsubscribe();
    setTest(TEST_IDLE);
  }, []);

  const touch = useCallback((field: FormField) => setTouched((current) => new Set(current).add(field)), []);

  const typeIdOf = (code: DataSourceFormValues['typeCode']) =>
    context.status === 'ready' ? context.data.types.find((type) => type.type === code)?.id : undefined;

  const gatewayNames =
    gateways.status === 'ready'
      ? Object.fromEntries(gateways.gateways.map((g) => [g.id, g.description]))
      : {};

  const startTest = () => {
    const typeId = typeIdOf(values.typeCode);
    if (!valid || typeId === undefined) return;
    testRun.current?.unsubscribe();
    testRun.current = runConnectionTest(api, toPayload(values, typeId, gatewayNames), {
      editingId: id,
    }).subscribe(setTest);
  };

  const save = async (): Promise<number | null> => {
    const typeId = typeIdOf(values.typeCode);
    if (!valid || test.status !== 'success' || typeId === undefined) return null;
    setSaving(true);
    setSaveError(null);
    try {
      const payload = toPayload(values, typeId, gatewayNames);
      const answer = await firstValueFrom(
        id === null ? createDataSource(api, payload) : updateDataSource(api, id, payload),
      );
      return answer?.id ?? id;
    } catch {
      setSaveError(SAVE_FAILED_TEXT);
      return null;
    } finally {
      setSaving(false);
    }
  };

  const fetchGateways = () => {
    setGateways({ status: 'loading' });
    sendTtnCredentials(api, {
      user: values.user.trim(),
      password: values.password,
      ip: values.ip.trim() || undefined,
      port: values.port.trim() || undefined,
      ssl: values.ssl,
    })
      .pipe(switchMap(() => getUserGateways(api)))
      .subscribe({
        next: (list) =>
          setGateways(
            list && list.length > 0
              ? { status: 'ready', gateways: list }
              : { status: 'error', message: NO_GATEWAYS_TEXT },
          ),
        error: (error: unknown) => {
          // The server's reason when it gave one; the generic text for network failures and bare statuses.
          const message = isApiError(error) && error.status > 0 ? serverMessage(error) : '';
          setGateways({
            status: 'error',
            message: message && !/^HTTP \d+$/.test(message) ? message : GATEWAYS_FAILED_TEXT,
          });
        },
      });
  };

  return {
    context,
    values,
    errors,
    visibleErrors,
    stored,
    valid,
    set,
    touch,
    test,
    startTest,
    canSave: valid && test.status === 'success' && !saving,
    saving,
    saveError,
    save,
    gateways,
    fetchGateways,
  };
}
