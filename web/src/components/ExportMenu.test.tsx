import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, type FakeRoute, type RecordedRequest } from '../test/fake-fetch';
import { renderApp } from '../test/render-app';
import { storeSession } from '../test/tokens';
import { ALERT_TYPES } from '../lib/alerts/alert-fixtures';
import { attachmentName, EXPORT_FAILED, exportQuery } from './ExportMenu';

/** What the browser was handed as downloads: file names and contents. */
interface Download {
  name: string;
  type: string;
  content: Promise<string>;
}

/** jsdom's Blob has no text(): read it as a browser of old would. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

let downloads: Download[];
let blobs: Map<string, Blob>;

beforeEach(() => {
  downloads = [];
  blobs = new Map();
  // jsdom has no object URLs and does not download: the browser's side is recorded instead.
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      const url = `blob:export-${blobs.size}`;
      blobs.set(url, blob);
      return url;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, type: blob.type, content: readText(blob) });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const COMMON: Record<string, FakeRoute> = {
  'GET user_token': () => jsonResponse({ username: 'alice', organization_name: 'Acme', user_roles: [1] }),
  'GET alert_types': () => jsonResponse(ALERT_TYPES),
  'GET alerts': () => jsonResponse([]),
  'GET alerts/count': () => jsonResponse({ count: 0 }),
  'GET quarantined_devices': () => jsonResponse([]),
  'GET quarantined_devices/count': () => jsonResponse({ count: 0 }),
  'GET quarantined_devices/devices_count': () => jsonResponse({ count: 0 }),
};

const csvFile = (text: string, name: string) => () =>
  new Response(text, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

/** The list's query without its paging, as the export must receive it, plus the format. */
function listFilters(request: RecordedRequest | undefined, format: string): Array<[string, string]> {
  const skipped = ['page', 'size', 'after', 'before', 'include_parameters', 'as_of'];
  const entries = [...(request?.query.entries() ?? [])].filter(([key]) => !skipped.includes(key));
  return [...entries, ['format', format]].sort() as Array<[string, string]>;
}

const sorted = (request: RecordedRequest | undefined) => [...(request?.query.entries() ?? [])].sort();

async function chooseExport(subject: string, format: 'CSV' | 'JSON') {
  await userEvent.click(await screen.findByRole('button', { name: `Export ${subject}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: format }));
}

describe('Export menu', () => {
  it('sends the list’s filters and order without its paging, and the format', () => {
    expect(
      exportQuery(
        {
          risk: ['HIGH'],
          order_by: ['created_at', 'DESC'],
          page: 2,
          size: 20,
          as_of: '2024-01-01T00:00:00Z',
        },
        'csv',
      ),
    ).toEqual({ risk: ['HIGH'], order_by: ['created_at', 'DESC'], format: 'csv' });
    expect(attachmentName('attachment; filename="alerts-20240131-154500.csv"')).toBe(
      'alerts-20240131-154500.csv',
    );
    expect(attachmentName(null)).toBeNull();
  });

  it('downloads the current issues as CSV with the filters and order of the list on screen', async () => {
    storeSession();
    const { requests } = renderApp('/dashboard/current_issues', {
      ...COMMON,
      'GET quarantined_devices/export': csvFile(
        'id,type\r\n1,LAF-100\r\n',
        'current-issues-20240131-154500.csv',
      ),
    });
    await waitFor(() =>
      expect(requests.some((request) => request.path === 'quarantined_devices')).toBe(true),
    );

    await chooseExport('current issues', 'CSV');

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('current-issues-20240131-154500.csv');
    expect(downloads[0].type).toBe('text/csv;charset=utf-8');
    expect(await downloads[0].content).toBe('id,type\r\n1,LAF-100\r\n');
    const list = requests.filter((request) => request.path === 'quarantined_devices').at(-1);
    const exported = requests.find((request) => request.path === 'quarantined_devices/export');
    expect(sorted(exported)).toEqual(listFilters(list, 'csv'));
    expect(exported?.query.getAll('order_by[]')).toEqual(list?.query.getAll('order_by[]'));
    expect(exported?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('downloads the alerts as JSON with the filters of the review screen', async () => {
    storeSession();
    const { requests } = renderApp('/dashboard/alerts_review', {
      ...COMMON,
      'GET alert_types/count': () => jsonResponse([]),
      'GET data_collectors': () => jsonResponse({ data_collectors: [] }),
      'GET alerts/export': () =>
        new Response('[\n{"id":7}\n]\n', {
          status: 200,
          headers: {
            'Content-Type': 'application/json',
            'Content-Disposition': 'attachment; filename="alerts-1.json"',
          },
        }),
    });
    await waitFor(() => expect(requests.some((request) => request.path === 'alerts')).toBe(true));

    await chooseExport('alerts', 'JSON');

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('alerts-1.json');
    expect(JSON.parse(await downloads[0].content)).toEqual([{ id: 7 }]);
    const list = requests.filter((request) => request.path === 'alerts').at(-1);
    const exported = requests.find((request) => request.path === 'alerts/export');
    expect(sorted(exported)).toEqual(listFilters(list, 'json'));
  });

  it('offers CSV and JSON on the events log and says so when the export fails', async () => {
    storeSession();
    renderApp('/dashboard/events_log', {
      ...COMMON,
      'GET events_log/export': () => jsonResponse({ error: 'format must be csv or json' }, 400),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export events' }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['CSV', 'JSON']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));

    expect(await screen.findByText('format must be csv or json')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('uses its own words when the server gives none', async () => {
    storeSession();
    renderApp('/dashboard/events_log', {
      ...COMMON,
      'GET events_log/export': () => new Response('', { status: 500 }),
    });
    await chooseExport('events', 'JSON');
    expect(await screen.findByText(EXPORT_FAILED)).toBeInTheDocument();
  });
  it('downloads the inventory with a filter chosen on screen', async () => {
    storeSession();
    const { requests } = renderApp('/dashboard/inventory', {
      ...COMMON,
      'GET inventory/list': () => jsonResponse({ assets: [], total_items: 0, total_pages: 0 }),
      'GET inventory/export': csvFile('id\r\n', 'inventory-1.csv'),
    });
    const lists = () => requests.filter((request) => request.path === 'inventory/list');
    await waitFor(() => expect(lists().length).toBeGreaterThan(0));
    await userEvent.click(screen.getByTestId('hidden-toggle'));
    await waitFor(() => expect(lists().at(-1)?.query.get('hidden')).toBe('true'));

    await chooseExport('inventory', 'CSV');

    await waitFor(() => expect(downloads).toHaveLength(1));
    const exported = requests.find((request) => request.path === 'inventory/export');
    expect(exported?.query.get('hidden')).toBe('true');
    expect(sorted(exported)).toEqual(listFilters(lists().at(-1), 'csv'));
  });

  it('downloads the network overview with the list’s filters and order', async () => {
    storeSession();
    const { requests } = renderApp('/dashboard/resources_usage', {
      ...COMMON,
      'GET resource_usage/list': () => jsonResponse({ assets: [], total_items: 0, total_pages: 0 }),
      'GET resource_usage/export': csvFile('id\r\n', 'network-overview-1.csv'),
    });
    const lists = () => requests.filter((request) => request.path === 'resource_usage/list');
    await waitFor(() => expect(lists().length).toBeGreaterThan(0));

    await chooseExport('network overview', 'CSV');

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toBe('network-overview-1.csv');
    const exported = requests.find((request) => request.path === 'resource_usage/export');
    expect(sorted(exported)).toEqual(listFilters(lists().at(-1), 'csv'));
  });
});
