/**
 * Live arrivals (new alerts, new notifications) become one toast per burst rather than one each: the first arrival
 * opens a toast, later ones update it to read 'n new alerts' until it closes; the next arrival opens a new one.
 */

export interface ToastText {
  title: string;
  message: string;
}

export interface ArrivalSummary {
  /** The alert type's name, when the arrival names one. */
  name?: string | null;
  risk?: string | null;
}

export function arrivalsToastText(count: number, latest: ArrivalSummary | null): ToastText {
  const name = latest?.name ?? null;
  const risk = latest?.risk ?? null;
  if (count <= 1)
    return {
      title: name ?? 'New notification',
      message: risk ? `${risk} risk alert` : 'A new alert matched your preferences.',
    };
  return {
    title: `${count} new alerts`,
    message: name ? `Latest: ${name}${risk ? ` (${risk} risk)` : ''}` : 'Open the notifications to see them.',
  };
}

export interface ToastStep extends ToastText {
  /** True for the burst's first arrival (open a toast), false when the open toast is to be updated. */
  opens: boolean;
}

/** Counts one burst of arrivals; `closed()` ends the burst when its toast goes away. */
export class ArrivalGroup {
  private count = 0;

  add(latest: ArrivalSummary | null): ToastStep {
    this.count += 1;
    return { ...arrivalsToastText(this.count, latest), opens: this.count === 1 };
  }

  closed(): void {
    this.count = 0;
  }

  get size(): number {
    return this.count;
  }
}
