import { useEffect, useRef, useState } from 'react';
import type { Subscription } from 'rxjs';
import { quickRange, type QuickRange } from '../../../lib/date-range';
import { useServices } from '../../../lib/services-context';
import { createWhatIfRun$, type WhatIfRun } from '../streams/what-if-run';
import type { WhatIfRequest } from '../types/what-if';

/** What a try runs: a saved policy, or the items as edited (not saved yet). */
export type WhatIfTarget = Pick<WhatIfRequest, 'policy_id' | 'policy'>;

export interface WhatIfTry {
  range: QuickRange;
  target: WhatIfTarget;
  run: WhatIfRun;
}

export interface WhatIf {
  /** The latest try, or null before the first. */
  current: WhatIfTry | null;
  /** True while a try starts or runs. */
  busy: boolean;
  /** Tries `target` on the range ending now; a try still running is cancelled first. */
  start: (range: QuickRange, target: WhatIfTarget) => void;
  cancel: () => void;
}

/** "Try on the last day / week / month": one what-if job at a time, cancelled when the page is left. */
export function useWhatIf(): WhatIf {
  const { api } = useServices();
  const [current, setCurrent] = useState<WhatIfTry | null>(null);
  const subscription = useRef<Subscription | null>(null);

  useEffect(
    () => () => {
      subscription.current?.unsubscribe();
      subscription.current = null;
    },
    [],
  );

  const start = (range: QuickRange, target: WhatIfTarget) => {
    subscription.current?.unsubscribe();
    const { from, to } = quickRange(range);
    const request: WhatIfRequest = { ...target, from: from.toISOString(), to: to.toISOString() };
    subscription.current = createWhatIfRun$(api, request).subscribe((run) =>
      setCurrent({ range, target, run }),
    );
  };

  const cancel = () => {
    subscription.current?.unsubscribe();
    subscription.current = null;
    setCurrent((previous) =>
      previous && (previous.run.status === 'starting' || previous.run.status === 'running')
        ? { ...previous, run: { status: 'cancelled' } }
        : previous,
    );
  };

  const status = current?.run.status;
  return { current, busy: status === 'starting' || status === 'running', start, cancel };
}
