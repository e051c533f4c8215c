/** Fixed PHYPayload sizes of LoRaWAN 1.0.x (docs/wire-formats.md §2.1). */
export const MAX_PHY_PAYLOAD_SIZE = 255;
export const JOIN_REQUEST_SIZE = 23;
export const JOIN_ACCEPT_SIZE = 17;
export const JOIN_ACCEPT_WITH_CFLIST_SIZE = 33;
/** MHDR + DevAddr + FCtrl + FCnt + MIC. */
export const MIN_DATA_FRAME_SIZE = 12;
/** Offset of FOpts in a data frame: MHDR(1) + DevAddr(4) + FCtrl(1) + FCnt(2). */
export const FOPTS_OFFSET = 8;
export const MIC_SIZE = 4;
/** A frame with no defined layout still carries an MHDR and a MIC. */
export const MIN_OPAQUE_FRAME_SIZE = 1 + MIC_SIZE;
