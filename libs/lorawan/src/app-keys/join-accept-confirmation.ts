import { decryptJoinAccept, deriveSessionKeys, type SessionKeys } from '../join';

export interface JoinAcceptConfirmation {
  /** Big-endian hex, as the network server assigned it. */
  devAddr: string;
  netId: string;
  joinNonce: number;
  /** Only when the DevNonce of the join request it answers is known. */
  sessionKeys: SessionKeys | null;
}

/**
 * Confirms a recovered AppKey with the join accept that answered the device: the key decrypts the accept and
 * the accept's own MIC verifies, which a wrong key passes with probability 2⁻³². Null when it does not verify
 * or the frame is not a join accept. With the DevNonce, the session keys come out too (anyone holding the
 * AppKey can read and forge the session's traffic).
 */
export function confirmWithJoinAccept(
  appKeyHex: string,
  joinAcceptFrame: Buffer,
  devNonce: number | null,
): JoinAcceptConfirmation | null {
  let accept: ReturnType<typeof decryptJoinAccept>;
  const appKey = Buffer.from(appKeyHex, 'hex');
  try {
    accept = decryptJoinAccept(appKey, joinAcceptFrame);
  } catch {
    return null;
  }
  if (!accept.micValid) return null;
  return {
    devAddr: accept.devAddr,
    netId: accept.netId,
    joinNonce: accept.joinNonce,
    sessionKeys:
      devNonce === null ? null : deriveSessionKeys(appKey, accept.joinNonce, accept.netId, devNonce),
  };
}
