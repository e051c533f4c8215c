import { Subject } from 'rxjs';
import { chartData, UNKNOWN_VENDOR } from '../components/InventoryCharts';
import { debounceLeading } from './debounce-leading';
import {
  canCreateLabel,
  createLabelFailure,
  DEFAULT_LABEL_COLOR,
  isValidLabelName,
  LABEL_PALETTE,
} from './label-rules';

describe('inventory rules', () => {
  it('accepts label names of letters, digits, underscore, period and space', () => {
    expect(isValidLabelName('Roof 2_b.c')).toBe(true);
    expect(isValidLabelName('')).toBe(false);
    expect(isValidLabelName('   ')).toBe(false);
    expect(isValidLabelName('roof-top')).toBe(false);
    expect(isValidLabelName('niño')).toBe(false);
  });

  it('needs a palette colour, not the default grey, to create a label', () => {
    expect(LABEL_PALETTE).toHaveLength(15);
    expect(new Set(LABEL_PALETTE).size).toBe(15);
    expect(canCreateLabel('roof', DEFAULT_LABEL_COLOR)).toBe(false);
    expect(canCreateLabel('roof', LABEL_PALETTE[0])).toBe(true);
    expect(canCreateLabel('roof!', LABEL_PALETTE[0])).toBe(false);
  });

  it('words label failures as the spec does', () => {
    expect(createLabelFailure([{ code: 'EXISTING_NAME', message: 'Existing tag with that name' }])).toBe(
      'Existing tag with that name',
    );
    expect(createLabelFailure([{ code: 'INVALID_COLOR', message: 'bad' }])).toBe(
      'The tag could not be created.',
    );
    expect(createLabelFailure(null)).toBe('The tag could not be created.');
  });

  it('turns counts into chart entries, the vendor-less group standing for the literal null', () => {
    expect(chartData('vendor', [{ id: null, name: null, count: 3 }])).toEqual([
      { id: 'null', label: UNKNOWN_VENDOR, value: 3 },
    ]);
    expect(chartData('importance', [{ id: 'HIGH', name: 'HIGH', count: 1 }])[0].color).toBe('#f05050');
    expect(chartData('tag', [{ id: 4, name: 'roof', count: 2, color: '#123456' }])[0]).toEqual({
      id: '4',
      label: 'roof',
      value: 2,
      color: '#123456',
    });
  });
});

describe('debounceLeading', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets the first value through at once and the last one after a quiet period', () => {
    const input = new Subject<string>();
    const seen: string[] = [];
    input.pipe(debounceLeading(2000)).subscribe((value) => seen.push(value));
    input.next('a');
    expect(seen).toEqual(['a']);
    input.next('ab');
    vi.advanceTimersByTime(1000);
    input.next('abc');
    vi.advanceTimersByTime(1999);
    expect(seen).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['a', 'abc']);
    vi.advanceTimersByTime(5000);
    input.next('x');
    expect(seen).toEqual(['a', 'abc', 'x']);
  });
});
