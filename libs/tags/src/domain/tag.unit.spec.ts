import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import {
  decideAssignment,
  decideCreate,
  decideDelete,
  decideUpdate,
  initialTag,
  tagEvolve,
  type TagState,
} from './tag';
import { TagEventTypes } from './tag.events';

const asset = (n: number) => ({ assetId: `device:1:${n}`, numericId: n, type: 'device' as const });

function given(...events: Array<[string, unknown]>): TagState {
  return events.reduce(
    (state, [type, data], revision) => tagEvolve(state, { type, data, revision } as RecordedEvent),
    initialTag,
  );
}

const created: [string, unknown] = [
  TagEventTypes.Created,
  { tagId: 7, organizationId: 1, name: 'roof', color: '#ff0000' },
];

describe('tag decisions', () => {
  it('creates a tag with a trimmed name, or names every broken rule', () => {
    expect(decideCreate(7, 1, ' roof ', '#ff0000', [])).toEqual({
      tagId: 7,
      organizationId: 1,
      name: 'roof',
      color: '#ff0000',
    });
    expect(decideCreate(7, 1, 'roof', 'red', ['roof'])).toEqual({
      rejected: 'invalid',
      errors: [
        expect.objectContaining({ code: 'EXISTING_NAME' }),
        expect.objectContaining({ code: 'INVALID_COLOR' }),
      ],
    });
  });

  it('assigns only assets not yet tagged, and nothing when all already are', () => {
    const state = given(created, [
      TagEventTypes.Assigned,
      { tagId: 7, organizationId: 1, assets: [asset(1)] },
    ]);
    expect(decideAssignment(state, 7, 1, [asset(1), asset(2)], true)).toEqual({
      tagId: 7,
      organizationId: 1,
      assets: [asset(2)],
    });
    expect(decideAssignment(state, 7, 1, [asset(1)], true)).toBeNull();
    expect(decideAssignment(state, 7, 1, [asset(1), asset(2)], false)).toEqual({
      tagId: 7,
      organizationId: 1,
      assets: [asset(1)],
    });
  });

  it('refuses another organisation (403 on assignment, unknown elsewhere) and deleted tags', () => {
    const state = given(created);
    expect(decideAssignment(state, 7, 2, [asset(1)], true)).toEqual({ rejected: 'forbidden' });
    expect(decideUpdate(state, 7, 2, { name: 'x' }, [])).toEqual({ rejected: 'not_found' });
    const deleted = given(created, [TagEventTypes.Deleted, { tagId: 7, organizationId: 1 }]);
    expect(decideDelete(deleted, 7, 1)).toEqual({ rejected: 'not_found' });
    expect(decideAssignment(deleted, 7, 1, [asset(1)], true)).toEqual({ rejected: 'not_found' });
  });

  it('keeps its own name on a colour change, but not a colleague’s name', () => {
    const state = given(created);
    expect(decideUpdate(state, 7, 1, { color: '#000' }, ['roof'])).toMatchObject({
      name: 'roof',
      color: '#000',
    });
    expect(decideUpdate(state, 7, 1, { name: 'cellar' }, ['roof', 'cellar'])).toMatchObject({
      rejected: 'invalid',
    });
  });
});
