/**
 * The public entry of the detection context: what other contexts may import (its events, views, ids and the ports
 * others implement). Anything else in the context is its own; the linter refuses another context reaching past here.
 */
export { DetectionRunner } from './detection-runner';
export { DETECTOR_STATE } from './event-time-watermark';
export { GATEWAY_PENDING } from './gateway-packets';
export { PolicyProvider } from './policy-provider';
export { SILENCE_WATCH, silenceMoment, type SilenceWatch } from './silence-watch';
