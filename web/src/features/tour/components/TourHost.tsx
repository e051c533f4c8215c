import type { ReactNode } from 'react';

/** Hosts the guided tour around the signed-in layout (spec part 1 §2 "Tour"). */
export function TourHost({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
