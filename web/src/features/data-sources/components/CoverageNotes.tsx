import { Text } from '@mantine/core';

/**
 * What a data source's collector cannot see of the network (the API's `detector_coverage`), one line each, under
 * its name: the detectors that depend on it are weaker for that data source.
 */
export function CoverageNotes({ notes }: { notes: readonly string[] | undefined }) {
  if (!notes || notes.length === 0) return null;
  return (
    <>
      {notes.map((note) => (
        <Text key={note} size="xs" c="orange.8" data-testid="data-source-coverage">
          {note}
        </Text>
      ))}
    </>
  );
}
