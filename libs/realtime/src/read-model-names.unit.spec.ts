import { READ_MODEL_NAMES } from '@lorawatch/contracts';
import { PROJECTIONS_IN_ORDER } from '@lorawatch/processes/read-models';

/**
 * `projection_updated` names the read model that changed by the contract's names, and the gateway announces no
 * other: a projection added without its name in the contract would change nothing on any console.
 */
describe('the read-model names of the contract', () => {
  it('are exactly the names the projections register', () => {
    const registered = PROJECTIONS_IN_ORDER.map((projection) => projection.name);
    expect(new Set(registered).size).toBe(registered.length);
    expect([...READ_MODEL_NAMES].sort()).toEqual([...registered].sort());
  });
});
