/**
 * Labels of an organisation (docs/api.md §11): the tags read model as every context reads it (the tags context
 * writes it).
 */
export interface TagView {
  id: string;
  tagId: number;
  organizationId: number;
  name: string;
  color: string;
}

export const TAGS = {
  name: 'tags',
  indexes: [{ fields: ['organizationId'] }],
};

/** One tag on one asset. */
export interface TagAssignmentView {
  /** `<tagId>:<asset document id>`. */
  id: string;
  tagId: number;
  organizationId: number;
  assetId: string;
  numericId: number;
}

export const TAG_ASSIGNMENTS = {
  name: 'tag_assignments',
  indexes: [{ fields: ['organizationId'] }, { fields: ['tagId'] }],
};

export const assignmentId = (tagId: number, assetId: string): string => `${tagId}:${assetId}`;

export const tagJson = (tag: TagView) => ({ id: tag.tagId, name: tag.name, color: tag.color });
