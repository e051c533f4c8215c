import type { JsonObject } from '@lorawatch/ingest';
import { type ChirpstackVersion, gatewayMessageType, type GatewayMessageName } from '@lorawatch/ingest';
import { encodeJsonAsProtobuf } from '@lorawatch/ingest';
import type { ApplicationEvent, GatewaySimEvent } from './sim-event';
import type { SimFormatName, WireFormat } from './wire-format';

/** One gateway message in ProtoJSON form: what both marshalers of a ChirpStack bridge start from. */
export interface GatewayBody {
  topic: string;
  message: GatewayMessageName;
  body: JsonObject;
  retain: boolean;
}

/** An application event: the integration always publishes JSON, whatever the gateway bridge's marshaler. */
export interface ApplicationBody {
  topic: string;
  body: JsonObject;
}

function applicationMessage(body: ApplicationBody): { topic: string; payload: Buffer; retain: boolean } {
  return { topic: body.topic, payload: Buffer.from(JSON.stringify(body.body)), retain: false };
}

/** The bridge's `json` marshaler: the ProtoJSON body as text. */
export function jsonFormat(
  name: SimFormatName,
  bodyOf: (event: GatewaySimEvent) => GatewayBody,
  applicationBodyOf: (event: ApplicationEvent) => ApplicationBody,
): WireFormat {
  return {
    name,
    encode(event) {
      if (event.kind === 'application') return applicationMessage(applicationBodyOf(event));
      const { topic, body, retain } = bodyOf(event);
      return { topic, payload: Buffer.from(JSON.stringify(body)), retain };
    },
  };
}

/** The bridge's `protobuf` marshaler (the default): the same body, encoded with the version's gw.proto. */
export function protobufFormat(
  name: SimFormatName,
  version: ChirpstackVersion,
  bodyOf: (event: GatewaySimEvent) => GatewayBody,
  applicationBodyOf: (event: ApplicationEvent) => ApplicationBody,
): WireFormat {
  return {
    name,
    encode(event) {
      if (event.kind === 'application') return applicationMessage(applicationBodyOf(event));
      const { topic, message, body, retain } = bodyOf(event);
      return { topic, payload: encodeJsonAsProtobuf(gatewayMessageType(version, message), body), retain };
    },
  };
}
