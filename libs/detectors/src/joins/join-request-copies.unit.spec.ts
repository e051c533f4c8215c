import { hearJoinRequest, type RecentJoinRequest } from './join-request-copies';
import { GW_A, GW_B, GW_C, joinRequestAt } from './testing/device-frames';

function hearAll(packets: ReturnType<typeof joinRequestAt>[]) {
  let recent: RecentJoinRequest[] = [];
  return packets.map((packet) => {
    const heard = hearJoinRequest(recent, packet);
    recent = heard.recent;
    return heard.kind;
  });
}

describe('join request copies', () => {
  it('counts one transmission relayed by three gateways once, even slightly out of order', () => {
    expect(
      hearAll([
        joinRequestAt(100, 7, { gateway: GW_A }),
        joinRequestAt(99.7, 7, { gateway: GW_B }),
        joinRequestAt(101.5, 7, { gateway: GW_C }),
      ]),
    ).toEqual(['transmission', 'copy', 'copy']);
  });

  it('recognises the same packet delivered twice', () => {
    const packet = joinRequestAt(100, 7);
    expect(hearAll([packet, packet])).toEqual(['transmission', 'redelivery']);
  });

  it('counts a new DevNonce, the same gateway hearing the bytes again, or a late repeat as new transmissions', () => {
    expect(
      hearAll([
        joinRequestAt(100, 7, { gateway: GW_A }),
        joinRequestAt(101, 8, { gateway: GW_B }),
        joinRequestAt(102, 7, { gateway: GW_A }),
        joinRequestAt(200, 7, { gateway: GW_C }),
      ]),
    ).toEqual(['transmission', 'transmission', 'transmission', 'transmission']);
  });

  it('forgets join requests older than the copy window', () => {
    let recent: RecentJoinRequest[] = [];
    for (let i = 0; i < 20; i += 1) recent = hearJoinRequest(recent, joinRequestAt(i * 60, i)).recent;
    expect(recent.map((r) => r.devNonce)).toEqual([19]);
  });
});
