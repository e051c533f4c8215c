import type { RecordedEvent } from '@lorawatch/event-store/event-store.port';
import type { Projection } from '@lorawatch/projections/projection';
import type { ReadStore, WriteOp } from '@lorawatch/read-store/read-store.port';
import {
  TagEventTypes,
  type TagAssetsChanged,
  type TagDeleted,
  type TagEventPayloads,
} from '../domain/tag.events';
import {
  TAG_ASSIGNMENTS,
  TAGS,
  assignmentId,
  type TagAssignmentView,
  type TagView,
} from '@lorawatch/domain/tag.view';
import { recordedOf } from '@lorawatch/event-store/typed-events';

export const tagsProjection: Projection = {
  name: 'tags',
  collections: [TAGS, TAG_ASSIGNMENTS],
  eventTypes: Object.values(TagEventTypes),
  async project(recorded: RecordedEvent, store: ReadStore): Promise<WriteOp[]> {
    const event = recordedOf<TagEventPayloads>(recorded);
    switch (event.type) {
      case TagEventTypes.Created:
      case TagEventTypes.Updated: {
        const data = event.data;
        const doc: TagView = {
          id: String(data.tagId),
          tagId: data.tagId,
          organizationId: data.organizationId,
          name: data.name,
          color: data.color,
        };
        return [{ op: 'upsert', collection: TAGS.name, doc }];
      }
      case TagEventTypes.Deleted:
        return deleted(event.data, store);
      case TagEventTypes.Assigned:
        return assigned(event.data);
      case TagEventTypes.Unassigned: {
        const { tagId, assets } = event.data;
        return assets.map((asset) => ({
          op: 'delete',
          collection: TAG_ASSIGNMENTS.name,
          id: assignmentId(tagId, asset.assetId),
        }));
      }
      default:
        return [];
    }
  },
};

function assigned({ tagId, organizationId, assets }: TagAssetsChanged): WriteOp[] {
  return assets.map((asset) => {
    const doc: TagAssignmentView = {
      id: assignmentId(tagId, asset.assetId),
      tagId,
      organizationId,
      assetId: asset.assetId,
      numericId: asset.numericId,
    };
    return { op: 'upsert', collection: TAG_ASSIGNMENTS.name, doc };
  });
}

async function deleted({ tagId }: TagDeleted, store: ReadStore): Promise<WriteOp[]> {
  const assignments = await store.collection<TagAssignmentView>(TAG_ASSIGNMENTS).find({ tagId });
  return [
    { op: 'delete', collection: TAGS.name, id: String(tagId) },
    ...assignments.map((assignment): WriteOp => ({
      op: 'delete',
      collection: TAG_ASSIGNMENTS.name,
      id: assignment.id,
    })),
  ];
}
