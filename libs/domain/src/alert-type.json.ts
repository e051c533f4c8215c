import type { AlertType } from './alert-catalogue';

/** API shape of an alert type (docs/api.md §6), wherever an answer names one. */
export function alertTypeJson(type: AlertType) {
  return {
    id: type.id,
    code: type.code,
    name: type.name,
    message: type.message,
    risk: type.risk,
    description: type.description,
    technicalDescription: type.technicalDescription,
    recommendedAction: type.recommendedAction,
    forAssetType: type.forAssetType,
    parameters: type.parameters,
  };
}
