import {
  CHANNELS,
  IMPORTANCE_NAMES,
  RISK_NAMES,
  type Channel,
  type DestinationKind,
  type ImportanceName,
  type RiskName,
} from '../../domain/notification-preferences.events';
import type { PreferencesDto } from './set-preferences.dto';

export const PREFERENCE_ERRORS = {
  destination: 'Destination must be one these: sms, push, email, webhook',
  risk: 'Risk must be one these: high, medium, low, info',
  importance: 'Asset importance must be one these: high, medium, low',
  url: 'invalid url.',
  email: 'invalid email.',
  sms: 'SMS notifications are not available: the sms destination is always disabled.',
  notExistId: 'not exist id',
  noMailServer:
    'Email notifications cannot be enabled: no mail server is configured. Your other changes were saved.',
} as const;

/** A requested extra destination before its secret is sealed. */
export interface RawEntry {
  id: number | null;
  value: string;
  /** Webhooks: a new secret in clear, or undefined to keep the stored one. */
  secret?: string | null;
}

export interface ParsedPreferences {
  channels: Record<Channel, boolean>;
  entries: Record<DestinationKind, RawEntry[] | null>;
  risks: Partial<Record<RiskName, boolean>>;
  importances: Partial<Record<ImportanceName, boolean>>;
  dataSources: Record<string, boolean>;
  tagIds: number[];
}

const KIND_OF_CHANNEL: Partial<Record<Channel, DestinationKind>> = {
  sms: 'phone',
  email: 'email',
  webhook: 'webhook',
};

/** The body's meaning, or the contract's error text for the first thing wrong in it. */
export function parsePreferences(body: PreferencesDto): ParsedPreferences | { error: string } {
  const channels: Record<Channel, boolean> = { sms: false, email: false, push: false, webhook: false };
  const entries: Record<DestinationKind, RawEntry[] | null> = { email: null, phone: null, webhook: null };
  for (const destination of body.destinations) {
    const channel = destination.destination as Channel;
    if (!(CHANNELS as readonly string[]).includes(channel)) return { error: PREFERENCE_ERRORS.destination };
    if (channel === 'sms' && destination.enabled) return { error: PREFERENCE_ERRORS.sms };
    channels[channel] = destination.enabled;
    const kind = KIND_OF_CHANNEL[channel];
    // A list sent with a switched-off channel is saved too, so that removing an address there is not lost; without
    // a list the stored one stays (the original only read the lists of enabled channels).
    if (!kind || (!destination.enabled && destination.additional === undefined)) continue;
    const list: RawEntry[] = [];
    for (const additional of destination.additional ?? []) {
      const id = additional.id ?? null;
      if (kind === 'email') {
        const email = additional.email?.trim() ?? '';
        if (!isEmail(email)) return { error: PREFERENCE_ERRORS.email };
        list.push({ id, value: email });
      } else if (kind === 'webhook') {
        const url = additional.url?.trim() ?? '';
        if (!isWebUrl(url)) return { error: PREFERENCE_ERRORS.url };
        const secret = additional.secret ? additional.secret : undefined;
        list.push({ id, value: url, secret });
      }
    }
    entries[kind] = list;
  }

  const risks: Partial<Record<RiskName, boolean>> = {};
  for (const risk of body.risks) {
    const name = risk.name.toLowerCase() as RiskName;
    if (!(RISK_NAMES as readonly string[]).includes(name)) return { error: PREFERENCE_ERRORS.risk };
    risks[name] = risk.enabled;
  }
  const importances: Partial<Record<ImportanceName, boolean>> = {};
  for (const importance of body.asset_importance) {
    const name = importance.name.toLowerCase() as ImportanceName;
    if (!(IMPORTANCE_NAMES as readonly string[]).includes(name))
      return { error: PREFERENCE_ERRORS.importance };
    importances[name] = importance.enabled;
  }
  const dataSources: Record<string, boolean> = {};
  for (const source of body.dataCollectors) dataSources[String(source.dataCollectorId)] = source.enabled;
  return {
    channels,
    entries,
    risks,
    importances,
    dataSources,
    tagIds: body.asset_tags.map((tag) => tag.id),
  };
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** An absolute http(s) URL with a host. */
export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
