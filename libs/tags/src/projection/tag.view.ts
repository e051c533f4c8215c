/** The read model's contract lives in the domain, beneath every context that reads it. */
export {
  TAG_ASSIGNMENTS,
  TAGS,
  assignmentId,
  tagJson,
  type TagAssignmentView,
  type TagView,
} from '@lorawatch/domain/tag.view';
