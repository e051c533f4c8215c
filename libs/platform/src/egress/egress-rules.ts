import type { EgressRules } from './egress-policy';

/** What the rules are made of, as the configuration gives it (AppConfig has these fields). */
export interface EgressSettings {
  port: number;
  opsPort: number | null;
  metricsPort: number | null;
  egressAllow: string[];
  demoMqttPort: number;
}

/**
 * The fixed rules from the configuration: the ports this server listens on (API, metrics when on a port of its
 * own, the ops port of the headless processes), the demo broker's port, and the ranges `EGRESS_ALLOW` opens.
 */
export function egressRulesOf(config: EgressSettings): EgressRules {
  const ownPorts = [config.port, config.opsPort, config.metricsPort].filter(
    (port): port is number => port !== null,
  );
  return { allow: config.egressAllow, ownPorts, demoBrokerPort: config.demoMqttPort };
}
