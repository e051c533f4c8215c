/** The user object of the API (docs/api.md §3). */
export interface User {
  id: number;
  username: string;
  full_name: string;
  phone: string | null;
  email: string | null;
  user_roles: number[];
  organization_id: number | null;
  active: boolean;
  organization_name: string | null;
  first_login?: boolean;
}

/** `GET user_roles` item. */
export interface Role {
  id: number;
  role_name: string;
}

export const ADMIN_ROLE = 2;
