import { Controller, Get, Inject, Param, Query, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '@lorawatch/platform/auth/jwt-auth.guard';
import type { AuthUser } from '@lorawatch/platform/auth/token.service';
import { badRequest } from '@lorawatch/platform/http-errors';
import { SpecValidationFilter } from '@lorawatch/platform/spec-validation.filter';
import { ALERTS, type AlertView } from '@lorawatch/domain/alert.view';
import { alertTypeByCode } from '@lorawatch/domain/alert-catalogue';
import { AsOfReadModels } from '@lorawatch/projections/scratch/as-of-read-models';
import { READ_STORE, type ReadStore } from '@lorawatch/read-store/read-store.port';
import { requireMember } from '../../require-member';
import { ASSET_ISSUES, type AssetIssue, type AssetIssues } from '../asset-alerts/asset-issues.port';
import { dateFormat } from '../shared/api-dates';
import { alertOfAsset } from '../shared/alert-of-asset';
import { attributesOf } from '../shared/asset-attributes';
import { AssetIssuesQuery } from '../shared/asset-history.query';
import { dateCondition } from '../shared/date-range';
import { ownAsset } from '../shared/own-asset';
import { compareBy, pageOf, parseOrder, thenBy } from '../shared/paging';

const ISSUE_ORDER = ['since', 'id', 'last_checked'] as const;
const ISSUE_KEYS = {
  since: (issue: AssetIssue) => issue.since,
  id: (issue: AssetIssue) => issue.numericId,
  last_checked: (issue: AssetIssue) => issue.lastChecked,
};

/** An asset's open issues for the 360° view (docs/api.md §10), newest first by default. */
@ApiTags('AssetHistory')
@Controller('api/v1.0')
@UseFilters(SpecValidationFilter)
export class AssetIssuesController {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    private readonly asOf: AsOfReadModels,
    @Inject(ASSET_ISSUES) private readonly assetIssues: AssetIssues,
  ) {}

  @Get('inventory/:asset_type/:id/issues')
  async listAssetIssues(
    @CurrentUser() user: AuthUser,
    @Param('asset_type') type: string,
    @Param('id') id: string,
    @Query() query: AssetIssuesQuery,
  ) {
    requireMember(user);
    const order = parseOrder(query.order_by, ISSUE_ORDER);
    if (order !== null && 'error' in order) throw badRequest(order.error);
    const unknown = query.type?.find((code) => !alertTypeByCode(code));
    if (unknown) throw badRequest(`Unknown alert type ${unknown}`);
    const store = await this.asOf.readStore(query.as_of, this.store);
    const asset = await ownAsset(store, user.organizationId, type, id);
    const selection = { since: dateCondition(query.created_at), codes: query.type, risks: query.risk };
    const { field, direction } = order ?? { field: 'since' as const, direction: 'desc' as const };
    const issues = (await this.assetIssues.openIssues(store, asset, selection)).sort(
      thenBy(compareBy(ISSUE_KEYS[field], direction), compareBy(ISSUE_KEYS.id, direction)),
    );
    const page = pageOf(issues, query.page ?? 1, query.size ?? 20);
    const opening = await store
      .collection<AlertView>(ALERTS)
      .find({ id: { $in: page.items.map((issue) => issue.alertId) } });
    const alertById = new Map(opening.map((alert) => [alert.id, alert]));
    const { dataSourceName } = await attributesOf(store, asset);
    return {
      issues: page.items.map((issue) => {
        const alert = alertById.get(issue.alertId);
        return {
          id: issue.numericId,
          organization_id: issue.organizationId,
          since: dateFormat(issue.since),
          alert: alert ? alertOfAsset(alert, asset, dataSourceName) : null,
          parameters: {},
          last_checked: dateFormat(issue.lastChecked),
          resolved_at: dateFormat(issue.resolvedAt),
          resolved_by_id: issue.resolvedBy?.userId ?? null,
          resolution_comment: issue.resolutionComment,
          resolution_reason_id: issue.resolutionReasonId,
        };
      }),
      total_pages: page.total_pages,
      total_items: page.total_items,
    };
  }
}
