import type { Risk } from './risk';

/**
 * Every alert type the console knows, as data (docs/alert-catalogue.md §1). The ids are stable: they follow the order of
 * that table from 1, leaving out the retired LAF-500. Texts are our own; message templates use `{name}` slots
 * filled from the alert's parameters (detector extras plus the common keys of docs/alert-catalogue.md §2.3).
 */

export const ALERT_CODES = [
  'LAF-001',
  'LAF-002',
  'LAF-003',
  'LAF-004',
  'LAF-005',
  'LAF-006',
  'LAF-007',
  'LAF-008',
  'LAF-009',
  'LAF-010',
  'LAF-011',
  'LAF-100',
  'LAF-101',
  'LAF-102',
  'LAF-103',
  'LAF-400',
  'LAF-401',
  'LAF-402',
  'LAF-403',
  'LAF-404',
  'LAF-501',
  'LAF-503',
  'LAF-600',
  'LAF-601',
] as const;
export type AlertCode = (typeof ALERT_CODES)[number];

export function isAlertCode(value: string): value is AlertCode {
  return (ALERT_CODES as readonly string[]).includes(value);
}

/** Which asset an alert is about; issue-resolution alerts name theirs in their parameters. */
export type AlertAssetType = 'DEVICE' | 'GATEWAY' | 'LOOK_IN_ALERT_PARAMS';

/** One tunable of a detector, as a policy stores it (docs/alert-catalogue.md §2.5). */
export interface AlertParameterSchema {
  type: 'Integer' | 'Float';
  default: number;
  minimum?: number;
  maximum?: number;
  description: string;
}

export interface AlertType {
  id: number;
  code: AlertCode;
  name: string;
  risk: Risk;
  message: string;
  description: string;
  technicalDescription: string;
  recommendedAction: string;
  forAssetType: AlertAssetType;
  /** Whether raising it opens (or keeps open) a current issue for the asset. */
  isIssue: boolean;
  /** Seconds without recurrence after which an open issue closes itself; 0 = only manual or condition-cleared. */
  quarantineTimeout: number;
  parameters: Readonly<Record<string, AlertParameterSchema>>;
}

const MOVING_AVERAGE_WEIGHT: AlertParameterSchema = {
  type: 'Float',
  default: 0.9,
  minimum: 0,
  maximum: 0.99,
  description: 'Weight of the past in the moving average (closer to 1 = slower to react, longer memory).',
};

const TIME_WINDOW_HOURS: AlertParameterSchema = {
  type: 'Integer',
  default: 24,
  minimum: 1,
  maximum: 24,
  description: 'Length of the sliding window, in hours, over which the count is summed.',
};

const DISCONNECTION_SENSITIVITY: AlertParameterSchema = {
  type: 'Float',
  default: 0.05,
  minimum: 0.00001,
  maximum: 1,
  description:
    'The asset counts as disconnected after its usual interval divided by this value without traffic (0.05 = 20 intervals).',
};

const MIN_ACTIVITY_PERIOD: AlertParameterSchema = {
  type: 'Float',
  default: 1800,
  // The source gives no lower bound; a negative period has no meaning.
  minimum: 0,
  maximum: 7200,
  description:
    'Shortest silence, in seconds, that can count as a lost connection, whatever the usual interval.',
};

const SENSITIVITY = (fallback: number, minimum: number, what: string): AlertParameterSchema => ({
  type: 'Float',
  default: fallback,
  minimum,
  maximum: 1,
  description: `A ${what} whose likelihood under the learned profile falls below this value counts as suspicious.`,
});

const ALERT_TYPE_LIST: readonly AlertType[] = [
  {
    id: 1,
    code: 'LAF-001',
    name: 'DevNonce reused after a join',
    risk: 'MEDIUM',
    message:
      'Device {dev_eui} sent a join request with DevNonce {dev_nonce}, already used in packet {prev_packet_id}.',
    description:
      'A device that had already joined sent a join request carrying a DevNonce it used before. Someone may be replaying a recorded join request.',
    technicalDescription:
      'Raised on a join request whose DevNonce is in the device history while a join accept has been attributed to the device since its previous join request. Copies of one transmission relayed by several gateways within the LAF-003 duplicate delay are ignored; a fresh DevNonce clears the joined state.',
    recommendedAction:
      'Check whether the device really rejoined at that time and which gateways heard the request. Repeated occurrences point to a replay; devices on LoRaWAN 1.0.4 or later should be configured so the network server rejects reused nonces.',
    forAssetType: 'DEVICE',
    isIssue: false,
    // The source type row carries 420 s, but the alert never opens an issue (docs/alert-catalogue.md §4.2).
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 2,
    code: 'LAF-002',
    name: 'DevAddr shared by several devices',
    risk: 'INFO',
    message: 'DevAddr {dev_addr} moved from device {old_dev_eui} to device {new_dev_eui}.',
    description:
      'The same device address is being used by two different devices. This is common on networks that reuse addresses, but can also reveal a cloned device.',
    technicalDescription:
      'Raised when a packet attributes an existing session (DevAddr within a data source) to a device other than the one it was linked to; the session is then relinked to the new device.',
    recommendedAction:
      'Confirm both devices belong to the network and that address reuse is expected. If one device is unknown, investigate it as a possible clone.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 3600,
    parameters: {},
  },
  {
    id: 3,
    code: 'LAF-003',
    name: 'Join request replayed',
    risk: 'MEDIUM',
    message:
      'Join request of device {dev_eui} with DevNonce {dev_nonce} was received again {delay} s after packet {prev_packet_id}.',
    description:
      'A join request identical to an earlier one, byte for byte, was received again. A device never sends the same join request twice on purpose, so this is most likely a replay.',
    technicalDescription:
      'Join requests are identical when JoinEUI, DevEUI, DevNonce and MIC match. A repeat counts as a replay when the same gateway hears it twice, or when it arrives more than max_duplicate_delay seconds after the first copy; copies relayed by other gateways within that delay are one transmission. One alert per replayed transmission.',
    recommendedAction:
      'Look at the gateway and signal of the repeated request: a replay usually comes from another place than the device. Make sure the network server refuses reused DevNonces.',
    forAssetType: 'DEVICE',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {
      max_duplicate_delay: {
        type: 'Float',
        default: 10,
        minimum: 0,
        maximum: 300,
        description:
          'Seconds during which copies of one transmission heard by different gateways are not replays.',
      },
    },
  },
  {
    id: 4,
    code: 'LAF-004',
    name: 'Uplink replayed',
    risk: 'MEDIUM',
    message:
      'An uplink of device {dev_addr} with counter {counter} was received again {delay} s after packet {prev_packet_id}.',
    description:
      'A data uplink already received was received again later, which suggests a replay of recorded traffic.',
    technicalDescription:
      'Data frames with the same DevAddr, frame counter and MIC are one frame. A repeat through a gateway that had not relayed the latest send, within the LAF-003 duplicate delay, is a copy; any other repeat is a new send. A new send is a replay when the device had already sent a newer uplink more than the delay before it, when it comes more than 600 s after the latest copy, or when it is the 16th send of the frame (LoRaWAN allows at most 15); otherwise it is a retransmission (counted by LAF-103). One alert per replayed send, whatever the number of gateways relaying it.',
    recommendedAction:
      'Check whether the network server accepted the repeated frame; a correctly configured server drops frames whose counter did not increase.',
    forAssetType: 'DEVICE',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 5,
    code: 'LAF-005',
    name: 'Downlink replayed',
    risk: 'HIGH',
    message:
      'A downlink to device {dev_addr} with counter {counter} was transmitted again {delay} s after packet {prev_packet_id}.',
    description:
      'A downlink already sent to a device was transmitted again later. A replayed command could make the device act twice.',
    technicalDescription:
      'A downlink with the same DevAddr, frame counter and MIC seen again later than the LAF-003 duplicate delay after its first copy. Network servers never resend a downlink frame unchanged after that long.',
    recommendedAction:
      'Check the device firmware rejects downlinks whose counter did not increase, and look for an unknown transmitter near the gateways.',
    forAssetType: 'DEVICE',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 6,
    code: 'LAF-006',
    name: 'Device looks activated by personalisation (ABP)',
    risk: 'HIGH',
    message:
      'Device {dev_eui} restarted its frame counter from {counter} to {new_counter} without joining again.',
    description:
      'The device reset its frame counter while keeping the same address and keys, which is how ABP devices behave after a reboot. Static session keys and counter resets make replay attacks possible.',
    technicalDescription:
      'Raised on an uplink whose counter went back to 8 or less (a restart whose first frames may have been lost) when the same device and gateway last reported a higher counter with the same DevAddr, within 24 hours, and no join request, join accept or DevAddr change showed the device to be OTAA. A join request, join accept or new DevAddr later closes the issue.',
    recommendedAction:
      'Move the device to over-the-air activation if possible. Otherwise make sure the network server does not accept counter resets for it.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 604800,
    parameters: {},
  },
  {
    id: 7,
    code: 'LAF-007',
    name: 'Two sessions may share the same keys',
    risk: 'MEDIUM',
    message:
      'Device {dev_addr} frame counter went from {counter} to {new_counter} (previous packet {prev_packet_id}).',
    description:
      'The frame counter of a session went backwards, or the same counter came with different content. Two devices, or a cloned device, may be using the same session.',
    technicalDescription:
      'Per session and gateway: alert when the new counter is above 8, the previous one below 65528 (not a wrap), and the counter decreased, or stayed equal with a different MIC more than 30 s later. Uplinks only.',
    recommendedAction:
      'Find which physical devices transmit with this DevAddr. Rotate the keys of the affected device and check for clones.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 86400,
    parameters: {},
  },
  {
    id: 8,
    code: 'LAF-008',
    name: 'AppKey recovered from a join request',
    risk: 'HIGH',
    message: 'A weak AppKey of device {dev_eui} reproduces the MIC of one of its join requests.',
    description:
      'A default, well-known or easily generated root key matched a captured join request. Until a second frame confirms it (LAF-009) this is very likely but not certain: the match is on a 4-byte MIC.',
    technicalDescription:
      'Each join request of a device is tested against candidate keys, cheapest first: the organisation keys, keys built from the JoinEUI and DevEUI (concatenations, interleavings, digests, an EUI with a repeated byte), repeated bytes, counting sequences, a published dictionary of default keys, and about 196,000 two-byte patterns. The full search runs at most once a day per device while nothing is found; key_source names the family that matched.',
    recommendedAction:
      'Provision the device with a new random AppKey and rejoin it; the confirmation (LAF-009) follows at its next join.',
    forAssetType: 'DEVICE',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 9,
    code: 'LAF-009',
    name: 'Device AppKey guessed',
    risk: 'HIGH',
    message:
      'The AppKey of device {dev_eui} was guessed: recovered from a {packet_type_1} and confirmed by a {packet_type_2}.',
    description:
      'The device root key is a default, well-known or easily generated value. Anyone who captures its join traffic can derive the session keys, read its data and impersonate it.',
    technicalDescription:
      'A key recovered from one join request (LAF-008) is confirmed when it also verifies a second join request with another DevNonce, or decrypts the join accept sent to the device with a valid MIC (dev_addr is then read from the accept, and the session keys follow). The issue clears by itself when a later join request no longer verifies under the key (the AppKey was modified).',
    recommendedAction:
      'Provision the device with a new random AppKey and rejoin it. Review the provisioning process so default keys are not shipped.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 10,
    code: 'LAF-010',
    name: 'Gateway moved',
    risk: 'MEDIUM',
    message:
      'Gateway {gateway} reported position {new_latitude}, {new_longitude}, away from {old_latitude}, {old_longitude}.',
    description:
      'The gateway reports a position further from its known one than the allowed accuracy. It may have been moved, stolen or replaced by an impostor.',
    technicalDescription:
      'Great-circle distance between the stored and the reported position, skipped when either is missing or (0, 0); alert when above location_accuracy metres, then the stored position is updated so each move alerts once.',
    recommendedAction:
      'Confirm with the site owner that the gateway was moved. If not, check its identity and physical security.',
    forAssetType: 'GATEWAY',
    isIssue: true,
    quarantineTimeout: 0,
    parameters: {
      location_accuracy: {
        type: 'Float',
        default: 50,
        minimum: 0,
        maximum: 1000000,
        description:
          'Distance in metres a gateway may drift from its known position before it counts as moved.',
      },
    },
  },
  {
    id: 11,
    code: 'LAF-011',
    name: 'Device keeps its session keys too long',
    risk: 'HIGH',
    message:
      'Device {dev_eui} wrapped its frame counter from {counter} to {new_counter} without a new join (previous packet {prev_packet_id}).',
    description:
      'The frame counter of an OTAA device overflowed and the device kept using the same session. Reusing counter values with the same keys weakens the encryption.',
    technicalDescription:
      'For devices known to be OTAA: an uplink with counter 8 or less after a counter above 65500 through the same gateway, with no join request, join accept or DevAddr change in between. A new join or DevAddr closes the issue.',
    recommendedAction:
      'Configure the device to rejoin periodically, or at least before its 16-bit counter wraps.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 604800,
    parameters: {},
  },
  {
    id: 12,
    code: 'LAF-100',
    name: 'Weak device signal',
    risk: 'LOW',
    message: 'Signal strength of device {dev_eui} averages {rssi} dBm, below the threshold.',
    description: 'The device is received with a weak signal, so its messages are likely to be lost.',
    technicalDescription:
      'Moving average of RSSI per device and gateway; alert when the best gateway average is below minimum_rssi. Checked on every packet, so the issue stays open while the condition holds.',
    recommendedAction: 'Check the antenna and placement of the device, or add a gateway closer to it.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 3600,
    parameters: {
      minimum_rssi: {
        type: 'Float',
        default: -125,
        minimum: -132,
        maximum: 0,
        description: 'Lowest acceptable average RSSI, in dBm.',
      },
      moving_average_weight: MOVING_AVERAGE_WEIGHT,
    },
  },
  {
    id: 13,
    code: 'LAF-101',
    name: 'Device messages being lost',
    risk: 'LOW',
    message: 'Device {dev_eui} lost {packets_lost} messages in the configured time window.',
    description: 'Many messages from the device never reached the network.',
    technicalDescription:
      'Gaps in the uplink frame counter are counted as lost messages; alert when their sum over the last time_window hours exceeds max_lost_packets.',
    recommendedAction: 'Check the radio coverage and interference around the device.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 3600,
    parameters: {
      max_lost_packets: {
        type: 'Integer',
        default: 360,
        minimum: 0,
        maximum: 10000000,
        description: 'Lost messages tolerated within the time window.',
      },
      time_window: TIME_WINDOW_HOURS,
    },
  },
  {
    id: 14,
    code: 'LAF-102',
    name: 'Poor device signal-to-noise ratio',
    risk: 'LOW',
    message: 'Signal-to-noise ratio of device {dev_eui} averages {lsnr} dB, below the threshold.',
    description: 'The device signal barely rises above the noise, so its messages are likely to be lost.',
    technicalDescription:
      'Moving average of SNR per device and gateway; alert when the best gateway average is below minimum_lsnr.',
    recommendedAction:
      'Check for interference near the device and its gateways, or improve the antenna setup.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 3600,
    parameters: {
      minimum_lsnr: {
        type: 'Float',
        default: -15,
        minimum: -20,
        maximum: 10,
        description: 'Lowest acceptable average signal-to-noise ratio, in dB.',
      },
      moving_average_weight: MOVING_AVERAGE_WEIGHT,
    },
  },
  {
    id: 15,
    code: 'LAF-103',
    name: 'Device retransmits too often',
    risk: 'MEDIUM',
    message: 'Device {dev_eui} retransmitted {retransmissions} messages in the configured time window.',
    description:
      'The device sends the same message again and again, usually because its confirmed uplinks are not acknowledged.',
    technicalDescription:
      'An uplink with the same frame counter heard again by the same gateway counts as a retransmission; alert when their sum over the last time_window hours exceeds max_retransmissions.',
    recommendedAction:
      'Check that the network reaches the device with acknowledgements, and whether it needs confirmed uplinks at all.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 86400,
    parameters: {
      max_retransmissions: {
        type: 'Integer',
        default: 10,
        minimum: 0,
        maximum: 1000000,
        description: 'Retransmissions tolerated within the time window.',
      },
      time_window: TIME_WINDOW_HOURS,
    },
  },
  {
    id: 16,
    code: 'LAF-400',
    name: 'New device',
    risk: 'INFO',
    message: 'New device {dev_eui} seen; the data source now has {number_of_devices} devices.',
    description: 'A device was seen for the first time in this data source.',
    technicalDescription:
      'Raised once per data source and DevEUI, on the first packet that carries or is attributed to it.',
    recommendedAction: 'Confirm the device belongs to your network.',
    forAssetType: 'DEVICE',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 17,
    code: 'LAF-401',
    name: 'Device went silent',
    risk: 'LOW',
    message: 'Device {dev_eui} has sent nothing since {last_activity} (usually every {activity_freq} s).',
    description: 'The device stopped transmitting for much longer than its usual interval.',
    technicalDescription:
      'The usual interval is a moving average of the time between uplinks; the device is disconnected after max(min_activity_period, interval / disconnection_sensitivity) without traffic. Devices whose interval varies more than deviation_tolerance are not alerted on. The next uplink closes the issue.',
    recommendedAction: 'Check the device battery and power, and the gateways that usually hear it.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 0,
    parameters: {
      disconnection_sensitivity: DISCONNECTION_SENSITIVITY,
      min_activity_period: MIN_ACTIVITY_PERIOD,
      deviation_tolerance: {
        type: 'Float',
        default: 0.2,
        minimum: 0,
        maximum: 1,
        description:
          'Largest coefficient of variation of the interval for which the device is regular enough to alert on.',
      },
      moving_average_weight: MOVING_AVERAGE_WEIGHT,
    },
  },
  {
    id: 18,
    code: 'LAF-402',
    name: 'New gateway',
    risk: 'INFO',
    message: 'New gateway {gateway} seen.',
    description: 'A gateway was seen for the first time in this data source.',
    technicalDescription: 'Raised once per data source and gateway EUI, on the first packet it relays.',
    recommendedAction: 'Confirm the gateway belongs to your network.',
    forAssetType: 'GATEWAY',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 19,
    code: 'LAF-403',
    name: 'Gateway went silent',
    risk: 'MEDIUM',
    message: 'Gateway {gateway} has relayed nothing since {last_activity} (usually every {activity_freq} s).',
    description:
      'The gateway stopped relaying traffic for much longer than usual. Devices around it may be unreachable.',
    technicalDescription:
      'The gateway is disconnected after max(min_activity_period, interval / disconnection_sensitivity) without traffic, the interval being a moving average of the time between its packets. Its next packet closes the issue.',
    recommendedAction: 'Check the power and backhaul connection of the gateway.',
    forAssetType: 'GATEWAY',
    isIssue: true,
    quarantineTimeout: 0,
    parameters: {
      disconnection_sensitivity: DISCONNECTION_SENSITIVITY,
      min_activity_period: MIN_ACTIVITY_PERIOD,
      moving_average_weight: MOVING_AVERAGE_WEIGHT,
    },
  },
  {
    id: 20,
    code: 'LAF-404',
    name: 'Device cannot join',
    risk: 'LOW',
    message: 'Device {dev_eui} keeps sending join requests without completing a join.',
    description: 'The device sends join request after join request without ever getting a session.',
    technicalDescription:
      'Counts consecutive join requests of a device with no other packet in between; alert once the count exceeds max_join_request_fails, and again on every further request. A new session for the device closes the issue.',
    recommendedAction:
      'Check that the device is registered with the right keys and JoinEUI, and that join accepts reach it.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 1209600,
    parameters: {
      max_join_request_fails: {
        // The source types it Float; it counts requests, so only whole values make sense.
        type: 'Integer',
        default: 10,
        minimum: 2,
        maximum: 1000000,
        description: 'Consecutive unanswered join requests tolerated before alerting.',
      },
    },
  },
  {
    id: 21,
    code: 'LAF-501',
    name: 'Unusual join request rhythm',
    risk: 'MEDIUM',
    message: 'Device {dev_eui} sends join requests at an unusual rhythm.',
    description:
      'The device joins again sooner, or after fewer messages, than it usually does, or keeps its old session after a join request. A device forced to rejoin may be under attack.',
    technicalDescription:
      'Learns per device the usual time between join requests and the usual counter reached before one; alert when both look unlikely (score below jr_tdiff_sensitivity), or when the first uplink after a join request continues an old counter.',
    recommendedAction:
      'Look for interference or jamming near the device, and check why it loses its session.',
    forAssetType: 'DEVICE',
    isIssue: true,
    quarantineTimeout: 0,
    parameters: {
      jr_tdiff_sensitivity: SENSITIVITY(0.05, 0, 'join request'),
    },
  },
  {
    id: 22,
    code: 'LAF-503',
    name: 'Unusual device message',
    risk: 'HIGH',
    message: 'Message from device {dev_eui} does not match its usual profile.',
    description:
      'Several properties of a confirmed uplink (signal strength, size, counter step, timing) differ from what the device usually sends.',
    technicalDescription:
      'Learns per session the distributions of RSSI per gateway, size, counter step and time per counter step; a variable is suspicious when its score is below its sensitivity after more than grace_period normal packets; alert when at least max_suspicious variables are suspicious.',
    recommendedAction: 'Check whether another transmitter is impersonating the device.',
    forAssetType: 'DEVICE',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {
      rssi_sensitivity: SENSITIVITY(0.005, 0.000001, 'signal strength'),
      size_sensitivity: SENSITIVITY(0.005, 0.000001, 'message size'),
      tdiff_sensitivity: SENSITIVITY(0.9, 0.000001, 'time between messages'),
      cdiff_sensitivity: SENSITIVITY(0.005, 0.00001, 'counter step'),
      max_suspicious: {
        type: 'Integer',
        default: 3,
        minimum: 2,
        maximum: 4,
        description: 'Number of suspicious variables in one message needed to alert.',
      },
      grace_period: {
        type: 'Integer',
        default: 10,
        minimum: 1,
        maximum: 60,
        description: 'Normal messages a variable must show before it can count as suspicious again.',
      },
    },
  },
  {
    id: 23,
    code: 'LAF-600',
    name: 'Issue solved',
    risk: 'INFO',
    message: 'Issue "{alert_solved}" of device {dev_eui} was solved on {date}: {resolution_reason}',
    description: 'An open issue was closed automatically.',
    technicalDescription:
      'Emitted when a detector sees the condition cleared, or when an issue passes its timeout without recurring. The solved alert is named in the parameters.',
    recommendedAction: 'No action needed.',
    forAssetType: 'LOOK_IN_ALERT_PARAMS',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {},
  },
  {
    id: 24,
    code: 'LAF-601',
    name: 'Issue closed by a user',
    risk: 'INFO',
    message: 'An issue of device {dev_eui} was marked as solved by user {user_id} on {date}.',
    description: 'A user closed an open issue by hand.',
    technicalDescription:
      'Emitted by the manual issue-resolution command, with the user who closed the issue.',
    recommendedAction: 'No action needed.',
    forAssetType: 'LOOK_IN_ALERT_PARAMS',
    isIssue: false,
    quarantineTimeout: 0,
    parameters: {},
  },
];

export const ALERT_CATALOGUE: readonly AlertType[] = ALERT_TYPE_LIST;

const BY_CODE: ReadonlyMap<string, AlertType> = new Map(ALERT_TYPE_LIST.map((type) => [type.code, type]));

export function alertTypeByCode(code: AlertCode): AlertType;
export function alertTypeByCode(code: string): AlertType | undefined;
export function alertTypeByCode(code: string): AlertType | undefined {
  return BY_CODE.get(code);
}

/** Value shown for a slot whose parameter is missing or null, so a message never shows raw braces. */
export const UNKNOWN_PARAMETER_TEXT = 'unknown';

/** Fills `{name}` slots from the alert's parameters. */
export function renderAlertMessage(
  template: string,
  parameters: Readonly<Record<string, string | number | boolean | null | undefined>>,
): string {
  return template.replace(/\{([a-z0-9_]+)\}/g, (_slot, name: string) => {
    const value = parameters[name];
    return value === null || value === undefined ? UNKNOWN_PARAMETER_TEXT : String(value);
  });
}
