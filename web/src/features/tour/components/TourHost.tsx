import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ACTIONS, EVENTS, Joyride, type EventData, type Step } from 'react-joyride';
import { useLocation, useNavigate } from 'react-router-dom';
import { Subscription } from 'rxjs';
import { useCurrentUser, useServices } from '../../../lib/services-context';
import { START_TOUR_EVENT } from '../../../lib/tour-events';
import { clearFirstLogin } from '../api/first-login';
import { findTarget$, tourTiming } from '../streams/target-finder';
import { TOUR_STEPS } from '../tour-steps';
import type { TourStepDefinition, TourTarget } from '../types/tour-step';
import { TourControlsContext, type TourControls } from './tour-controls';
import { TOUR_LABELS, TourTooltip } from './TourTooltip';

const DASHBOARD_HOME = '/dashboard';
const normalisePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** A definition as Joyride draws it: at its anchor, or centred when the screen has none. */
export function toJoyrideStep(definition: TourStepDefinition, target: TourTarget | null): Step {
  return {
    id: definition.id,
    title: definition.title,
    content: definition.content,
    target: target?.selector ?? 'body',
    placement: target?.placement ?? 'center',
  };
}

interface TourState {
  run: boolean;
  index: number;
  steps: Step[];
}

const IDLE: TourState = { run: false, index: 0, steps: TOUR_STEPS.map((step) => toJoyrideStep(step, null)) };

/**
 * Hosts the guided tour around the signed-in layout (docs/console.md §2 "Tour"). The tour is controlled: before each
 * step it opens the step's screen, waits for the step's anchor and only then shows it, centred if the screen has
 * no such anchor. It starts on the dashboard's Start Tour button, and by itself on the dashboard the first time a
 * user signs in (after clearing `first_login`).
 */
export function TourHost({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { api } = useServices();
  const user = useCurrentUser();
  const theme = useMantineTheme();
  const colorScheme = useComputedColorScheme('light');

  const [tour, setTour] = useState<TourState>(IDLE);
  const pathnameRef = useRef(normalisePath(pathname));
  const pending = useRef<Subscription | null>(null);
  const autoStartedFor = useRef(new Set<string>());

  useEffect(() => {
    pathnameRef.current = normalisePath(pathname);
  }, [pathname]);

  useEffect(() => () => pending.current?.unsubscribe(), []);

  /**
   * Joyride could not draw the step at its anchor: the anchor went away or hid between our finding it and Joyride's
   * drawing (a screen re-rendering it). Controlled, Joyride then waits for us: the step is drawn again, centred, by
   * stopping and restarting the tour at it (a restart is what makes Joyride look at the step again).
   */
  const recentre = useCallback((index: number) => {
    pending.current?.unsubscribe();
    setTour((previous) => ({ ...previous, run: false }));
    const again = setTimeout(() => {
      setTour((previous) => ({
        run: true,
        index,
        steps: previous.steps.map((step, position) =>
          position === index ? toJoyrideStep(TOUR_STEPS[index], null) : step,
        ),
      }));
    }, 0);
    pending.current = new Subscription(() => clearTimeout(again));
  }, []);

  const show = useCallback(
    (index: number) => {
      pending.current?.unsubscribe();
      const definition = TOUR_STEPS[index];
      if (pathnameRef.current !== definition.route) navigate(definition.route);
      pending.current = findTarget$(definition.targets, {
        ready: () => pathnameRef.current === definition.route,
        timeoutMs: tourTiming.targetWaitMs,
      }).subscribe((target) => {
        setTour((previous) => ({
          run: true,
          index,
          steps: previous.steps.map((step, position) =>
            position === index ? toJoyrideStep(definition, target) : step,
          ),
        }));
      });
    },
    [navigate],
  );

  const start = useCallback(() => show(0), [show]);

  const stop = useCallback(() => {
    pending.current?.unsubscribe();
    setTour((previous) => ({ ...previous, run: false, index: 0 }));
  }, []);

  const onEvent = useCallback(
    (data: EventData) => {
      if (data.type === EVENTS.STEP_AFTER && data.action === ACTIONS.CLOSE) {
        // Escape closes the step; in a tour that moves between screens that means leaving it.
        stop();
      } else if (data.type === EVENTS.TARGET_NOT_FOUND) {
        recentre(data.index);
      } else if (data.type === EVENTS.TOUR_END) {
        stop();
      }
    },
    [stop, recentre],
  );

  const controls = useMemo<TourControls>(
    () => ({
      next: (index) => (index + 1 < TOUR_STEPS.length ? show(index + 1) : stop()),
      back: (index) => show(Math.max(0, index - 1)),
      skip: stop,
    }),
    [show, stop],
  );

  useEffect(() => {
    window.addEventListener(START_TOUR_EVENT, start);
    return () => window.removeEventListener(START_TOUR_EVENT, start);
  }, [start]);

  // First login: on the dashboard, clear the flag, then start the tour (even if clearing failed: it then
  // simply starts again next time).
  useEffect(() => {
    if (!user?.first_login || normalisePath(pathname) !== DASHBOARD_HOME) return;
    if (autoStartedFor.current.has(user.username)) return;
    autoStartedFor.current.add(user.username);
    clearFirstLogin(api, user.username).subscribe({ next: () => start(), error: () => start() });
  }, [api, pathname, start, user]);

  const options = useMemo(
    () => ({
      zIndex: 300,
      skipBeacon: true,
      blockTargetInteraction: true,
      overlayClickAction: false as const,
      closeButtonAction: 'skip' as const,
      scrollOffset: 80,
      arrowColor: colorScheme === 'dark' ? theme.colors.dark[7] : theme.white,
      primaryColor: theme.colors[theme.primaryColor][6],
    }),
    [colorScheme, theme],
  );

  return (
    <>
      {children}
      <TourControlsContext.Provider value={controls}>
        <Joyride
          continuous
          run={tour.run}
          stepIndex={tour.index}
          steps={tour.steps}
          onEvent={onEvent}
          tooltipComponent={TourTooltip}
          locale={TOUR_LABELS}
          options={options}
        />
      </TourControlsContext.Provider>
    </>
  );
}
