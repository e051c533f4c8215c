import { buildJoinAccept, buildJoinRequest } from '@lorawatch/lorawan/build-frames';
import { onlyPacket, TEST_CONTEXT } from '../testing/outcomes';
import { createChirpstackV3Parser } from './chirpstack-v3-parser';

describe('createChirpstackV3Parser', () => {
  it('attributes the join accept on command/down to the join request heard by that gateway', () => {
    const appKey = Buffer.alloc(16, 0x11);
    const joinRequest = buildJoinRequest({
      appKey,
      joinEui: '70b3d57ed0000000',
      devEui: '0004a30b001c0530',
      devNonce: 513,
    });
    const joinAccept = buildJoinAccept({ appKey, joinNonce: 1, netId: '000013', devAddr: '26012e43' });
    const gatewayID = Buffer.from('7276ff002e062c18', 'hex').toString('base64');
    const parse = createChirpstackV3Parser();

    const request = parse(
      'gateway/7276ff002e062c18/event/up',
      Buffer.from(JSON.stringify({ phyPayload: joinRequest.toString('base64'), rxInfo: { gatewayID } })),
      TEST_CONTEXT,
    );
    const accept = parse(
      'gateway/7276ff002e062c18/command/down',
      Buffer.from(JSON.stringify({ items: [{ phyPayload: joinAccept.toString('base64') }], gatewayID })),
      { ...TEST_CONTEXT, receivedAt: '2024-05-01T12:00:05.000Z' },
    );

    expect(onlyPacket(request)).toMatchObject({ devEui: '0004a30b001c0530', devEuiInferred: false });
    expect(onlyPacket(accept)).toMatchObject({
      mType: 'JoinAccept',
      devEui: '0004a30b001c0530',
      devEuiInferred: true,
    });
  });
});
