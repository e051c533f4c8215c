/**
 * A ChirpStack application topic: `application/{applicationId}/device/{devEui}/{rest}`, where rest is
 * `event/{type}` (v3 since 3.11, v4) or, before 3.11, the bare type (`rx`, `join`, ...). Matched on the
 * `application/` segment, like gateway topics, because the templates are configurable.
 */
export interface ApplicationTopic {
  applicationId: string;
  /** The topic's device segment, lowercase when it is 16 hex digits, else null. */
  devEui: string | null;
  /** The part after the device id: `event/up`, `rx`, ... */
  kind: string;
}

const APPLICATION_TOPIC = /(?:^|\/)application\/([^/]+)\/device\/([^/]+)\/(.+)$/;
const EUI_HEX = /^[0-9a-fA-F]{16}$/;

export function parseApplicationTopic(topic: string): ApplicationTopic | undefined {
  const match = APPLICATION_TOPIC.exec(topic);
  if (!match) return undefined;
  const [, applicationId, device, kind] = match;
  return { applicationId, devEui: EUI_HEX.test(device) ? device.toLowerCase() : null, kind };
}
