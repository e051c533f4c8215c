import type { WhatIfJobJson } from './what-if.service';
import { WHAT_IF_LIST_LIMIT } from './what-if-result';

/** The OpenAPI shapes of a what-if run and its comparison, which starting a run and reading it both show. */
const ALERT_SCHEMA = {
  type: 'object',
  required: ['id', 'code', 'created_at', 'dev_eui', 'gateway', 'data_collector_id'],
  properties: {
    id: { type: 'string', description: 'The deterministic alert id (stream alert-<id>)' },
    code: { type: 'string', example: 'LAF-400' },
    created_at: { type: 'string', format: 'date-time' },
    dev_eui: { type: 'string', nullable: true },
    gateway: { type: 'string', nullable: true },
    data_collector_id: { type: 'integer' },
  },
};

export const RESULT_SCHEMA = {
  type: 'object',
  required: ['from', 'to', 'packets', 'by_code', 'added', 'gone', 'unchanged'],
  properties: {
    from: { type: 'string', format: 'date-time' },
    to: { type: 'string', format: 'date-time' },
    packets: { type: 'integer', description: 'Packets of the data sources in scope dated within the range' },
    by_code: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'added', 'gone', 'unchanged'],
        properties: {
          code: { type: 'string' },
          added: { type: 'integer' },
          gone: { type: 'integer' },
          unchanged: { type: 'integer' },
        },
      },
    },
    added: {
      type: 'array',
      items: ALERT_SCHEMA,
      description: `Alerts only the policy tried raises, oldest first (at most ${WHAT_IF_LIST_LIMIT})`,
    },
    gone: {
      type: 'array',
      items: ALERT_SCHEMA,
      description: `Alerts actually raised that the policy tried does not raise, oldest first (at most ${WHAT_IF_LIST_LIMIT})`,
    },
    unchanged: { type: 'integer', description: 'Alerts raised both ways' },
  },
};

export const JOB_EXAMPLE: WhatIfJobJson = {
  id: '0b6f9f2e-3c1d-4e57-9a0e-2f1d7c5b8a41',
  status: 'done',
  progress: { packets_read: 86400, packets_total: 86400 },
  result: {
    from: '2026-11-19T10:00:00.000Z',
    to: '2026-11-20T10:00:00.000Z',
    packets: 14820,
    by_code: [
      { code: 'LAF-400', added: 0, gone: 3, unchanged: 0 },
      { code: 'LAF-402', added: 0, gone: 0, unchanged: 1 },
    ],
    added: [],
    gone: [
      {
        id: '5b299f9a9180854605417e81c1abcc79fec309a908b8832bfbabe637f4d3d442',
        code: 'LAF-400',
        created_at: '2026-11-19T13:02:11.000Z',
        dev_eui: '70b3d5a45d000000',
        gateway: 'b827ebfffe24d2b9',
        data_collector_id: 1,
      },
    ],
    unchanged: 1,
  },
};
