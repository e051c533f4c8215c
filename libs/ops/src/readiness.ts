/** What /health reports; the app's runtime fills it in as it starts. */
export interface Readiness {
  status(): { ready: boolean; status: 'starting' | 'ready' | 'stopping'; details: Record<string, unknown> };
}

export const READINESS = Symbol('READINESS');
