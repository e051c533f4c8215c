/** A coded error of the tags API (docs/api.md §11): the console shows `message` for EXISTING_NAME. */
export interface TagError {
  code: string;
  message: string;
}

export const TagMessages = {
  existingName: 'Existing tag with that name',
  missingName: 'The tag needs a name',
  invalidName: 'A tag name may only hold letters, digits, underscores, periods and spaces',
  nameTooLong: 'A tag name can have at most 64 characters',
  missingColor: 'The tag needs a colour',
  invalidColor: 'A tag colour is a hex colour code such as #ff0000 (at most 8 characters)',
} as const;
