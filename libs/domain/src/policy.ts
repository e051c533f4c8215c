import { alertTypeByCode, type AlertCode } from './alert-catalogue';

/** A policy decides which alert types a data source raises and with which parameters (docs/alert-catalogue.md §2.5). */

export type PolicyParameters = Record<string, number>;

export interface PolicyItem {
  alertTypeCode: AlertCode;
  enabled: boolean;
  /** Values a user set; anything missing falls back to the catalogue default. */
  parameters: PolicyParameters;
}

/** Read-only view of one policy, as the detectors use it. */
export class PolicyView {
  private readonly items: ReadonlyMap<AlertCode, PolicyItem>;
  /** Resolved parameters per code: a policy never changes, and detectors ask on every packet. */
  private readonly resolved = new Map<AlertCode, Readonly<PolicyParameters>>();

  constructor(items: readonly PolicyItem[]) {
    this.items = new Map(items.map((item) => [item.alertTypeCode, item]));
  }

  /** A policy without an item for the code leaves the detector on: that is the engine default. */
  isEnabled(code: AlertCode): boolean {
    return this.items.get(code)?.enabled ?? true;
  }

  /** Every parameter of the alert type: the item's value when it holds a finite number, else the default. */
  parameters(code: AlertCode): PolicyParameters {
    const known = this.resolved.get(code);
    if (known !== undefined) return { ...known };
    const stored = this.items.get(code)?.parameters ?? {};
    const resolved: PolicyParameters = {};
    for (const [name, schema] of Object.entries(alertTypeByCode(code).parameters)) {
      const value = stored[name];
      resolved[name] = typeof value === 'number' && Number.isFinite(value) ? value : schema.default;
    }
    this.resolved.set(code, resolved);
    return { ...resolved };
  }

  /** One parameter; throws for a name the catalogue does not define, which is a programming error. */
  parameter(code: AlertCode, name: string): number {
    if (!this.resolved.has(code)) this.parameters(code);
    const value = this.resolved.get(code)?.[name];
    if (value === undefined) throw new RangeError(`${code} has no parameter "${name}"`);
    return value;
  }
}

/** The items of the seeded "Default" policy. Types without an item are enabled with their defaults. */
export function defaultPolicyItems(): PolicyItem[] {
  const on = (alertTypeCode: AlertCode, parameters: PolicyParameters = {}): PolicyItem => ({
    alertTypeCode,
    enabled: true,
    parameters,
  });
  return [
    on('LAF-001'),
    // Address sharing is normal on many networks, so the default policy keeps it quiet.
    { alertTypeCode: 'LAF-002', enabled: false, parameters: {} },
    on('LAF-006'),
    on('LAF-007'),
    on('LAF-009'),
    on('LAF-010', { location_accuracy: 50 }),
    on('LAF-011'),
    on('LAF-400'),
    on('LAF-401'),
  ];
}
