import { firstValueFrom } from 'rxjs';
import { findTarget$ } from './target-finder';

const HEADER = { selector: '[data-tour="page-header"]', placement: 'bottom-start' as const };
const NAV = { selector: '[data-tour="nav-policies"]', placement: 'right' as const };

function page(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const present = () => true;

describe('tour target finder', () => {
  it('takes the preferred anchor as soon as the screen shows it', async () => {
    const root = page('<h1 data-tour="page-header"></h1><a data-tour="nav-policies"></a>');
    const target = await firstValueFrom(
      findTarget$([HEADER, NAV], {
        ready: () => true,
        root,
        isVisible: present,
        timeoutMs: 5_000,
        pollMs: 1,
      }),
    );
    expect(target).toBe(HEADER);
  });

  it('settles for the next anchor when the preferred one never comes', async () => {
    const root = page('<a data-tour="nav-policies"></a>');
    const target = await firstValueFrom(
      findTarget$([HEADER, NAV], { ready: () => true, root, isVisible: present, timeoutMs: 20, pollMs: 5 }),
    );
    expect(target).toBe(NAV);
  });

  it('centres the step (null) when no anchor is visible', async () => {
    const root = page('<h1 data-tour="page-header"></h1>');
    const target = await firstValueFrom(
      findTarget$([HEADER, NAV], {
        ready: () => true,
        root,
        isVisible: () => false,
        timeoutMs: 10,
        pollMs: 5,
      }),
    );
    expect(target).toBeNull();
  });

  it('ignores the previous screen until the step screen is shown', async () => {
    const root = page('<h1 data-tour="page-header"></h1>');
    let polls = 0;
    const ready = () => ++polls > 3;
    const target = await firstValueFrom(
      findTarget$([HEADER], { ready, root, isVisible: present, timeoutMs: 1_000, pollMs: 1 }),
    );
    expect(target).toBe(HEADER);
    expect(polls).toBeGreaterThan(3);
  });
});
