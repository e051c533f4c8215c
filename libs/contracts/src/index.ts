/**
 * The contract between the API and the console: the REST answers the console reads and the websocket messages.
 * Types and constants only: no framework, no engine, no runtime dependency.
 */
export * from './levels';
export * from './read-models';
export * from './alerts';
export * from './issues';
export * from './data-sources';
export * from './policies';
export * from './inventory';
export * from './notifications';
export * from './dashboard';
export * from './realtime';
