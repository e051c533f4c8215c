import type { ApiClient } from '../../../lib/api';
import type { WhatIfJob, WhatIfJobId, WhatIfRequest } from '../types/what-if';

/** What-if runs of a policy over the stored packets (administrators only). */
export const startWhatIf = (api: ApiClient, body: WhatIfRequest) =>
  api.post<{ id: WhatIfJobId }>('what_if', body);

export const getWhatIf = (api: ApiClient, id: WhatIfJobId) =>
  api.get<WhatIfJob>(`what_if/${encodeURIComponent(String(id))}`);

export const cancelWhatIf = (api: ApiClient, id: WhatIfJobId) =>
  api.delete<null>(`what_if/${encodeURIComponent(String(id))}`);
