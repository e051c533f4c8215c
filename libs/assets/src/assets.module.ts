import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AsOfModule } from '@lorawatch/projections/scratch/as-of.module';
import { SetHidingController } from './commands/set-hiding/set-hiding.controller';
import { SetHidingHandler } from './commands/set-hiding/set-hiding.handler';
import { SetImportanceController } from './commands/set-importance/set-importance.controller';
import { SetImportanceHandler } from './commands/set-importance/set-importance.handler';
import { InventoryExportController } from './export/inventory-export.controller';
import { ResourceUsageExportController } from './export/resource-usage-export.controller';
import { Asset360Controller } from './queries/asset-360/asset-360.controller';
import { AssetAlertsController } from './queries/asset-alerts/asset-alerts.controller';
import { AssetIssuesController } from './queries/asset-issues/asset-issues.controller';
import { CountInventoryController } from './queries/count-inventory/count-inventory.controller';
import { ListInventoryController } from './queries/list-inventory/list-inventory.controller';
import { CountResourceUsageController } from './queries/resource-usage/count-resource-usage.controller';
import { ListResourceUsageController } from './queries/resource-usage/list-resource-usage.controller';
import { ResourceUsageDetailController } from './queries/resource-usage/resource-usage-detail.controller';
import { SearchAssetsController } from './queries/search-assets/search-assets.controller';

/**
 * The assets API: inventory, asset 360°, importance, hiding, network overview and search. Fixed paths
 * (`inventory/list`, `inventory/count/...`, `resource_usage/count/...`) come before the `/{asset_type}/{id}` routes
 * that would otherwise match them.
 */
@Module({
  imports: [CqrsModule, AsOfModule],
  controllers: [
    ListInventoryController,
    InventoryExportController,
    ResourceUsageExportController,
    CountInventoryController,
    SetImportanceController,
    SetHidingController,
    SearchAssetsController,
    ListResourceUsageController,
    CountResourceUsageController,
    AssetAlertsController,
    AssetIssuesController,
    Asset360Controller,
    ResourceUsageDetailController,
  ],
  providers: [SetImportanceHandler, SetHidingHandler],
  exports: [],
})
export class AssetsModule {}
