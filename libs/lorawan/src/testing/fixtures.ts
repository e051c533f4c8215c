import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Reads the repository's fixture files: real frames and network-server messages from public sources, each named with
 * its source and licence in test/fixtures/README.md.
 */
export function fixturesDir(): string {
  return resolve(__dirname, '../../../../test/fixtures');
}

export function readFixtureText(relativePath: string): string {
  return readFileSync(resolve(fixturesDir(), relativePath), 'utf8');
}

export function readFixtureJson<T>(relativePath: string): T {
  return JSON.parse(readFixtureText(relativePath)) as T;
}

/** Shape shared by vectors-lora-packet.json and vectors-brocaar-lorawan.json. */
export interface FrameVector {
  id: string;
  phy_hex: string;
  phy_base64: string;
  kind: string;
  keys?: { AppKey?: string; NwkSKey?: string; AppSKey?: string };
  expected: {
    MType: string;
    JoinEUI?: string;
    DevEUI?: string;
    DevNonce_uint16?: number;
    DevAddr?: string;
    FCtrl?: string;
    FOptsLen?: number;
    FCnt?: number;
    FOpts?: string;
    FPort?: number;
    FRMPayload?: string;
    FRMPayload_plain_hex?: string;
    FRMPayload_plain_text?: string;
    MIC: string;
    mic_valid?: boolean;
    ACK?: boolean;
    AppNonce_JoinNonce_uint24?: number;
    NetID?: string;
    DLSettings?: string;
    RxDelay?: string;
    CFList?: string;
    decrypted_hex?: string;
  };
  derived_by_this_research?: {
    on_air_encrypted_hex?: string;
    mic_valid_under_AppKey?: boolean;
    FRMPayload_plain_hex?: string;
    session_keys_with_DevNonce_f18e?: { NwkSKey: string; AppSKey: string };
  };
}

export function frameVectors(
  file: 'vectors-lora-packet.json' | 'vectors-brocaar-lorawan.json',
): FrameVector[] {
  return readFixtureJson<{ vectors: FrameVector[] }>(`lorawan/${file}`).vectors;
}

export interface TtnHandshakeFixture {
  AppKey: string;
  join_request: {
    phy_hex: string;
    expected: { JoinEUI: string; DevEUI: string; DevNonce_uint16: number; MIC: string };
  };
  join_accept: {
    phy_hex: string;
    decrypted_hex: string;
    expected: {
      AppNonce_JoinNonce_uint24: number;
      NetID: string;
      DevAddr: string;
      DLSettings: string;
      RxDelay: string;
      CFList: string;
      MIC: string;
      CFList_frequencies_hz: number[];
      CFListType: number;
    };
  };
  session_keys: { NwkSKey: string; AppSKey: string };
}

export function ttnHandshake(): TtnHandshakeFixture {
  return readFixtureJson<TtnHandshakeFixture>('lorawan/ttn-otaa-handshake-issue10.json');
}

export interface WeakKeyJoinRequestCase {
  id: string;
  phy_hex: string;
  expected: { JoinEUI: string; DevEUI: string; DevNonce_uint16: number; MIC: string };
  AppKey_found: string;
}

export function weakKeyJoinRequests(): WeakKeyJoinRequestCase[] {
  return readFixtureJson<{ cases: WeakKeyJoinRequestCase[] }>('lorawan/weak-appkey-join-requests.json').cases;
}

export const hex = (value: string): Buffer => Buffer.from(value, 'hex');
