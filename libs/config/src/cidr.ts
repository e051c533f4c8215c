import ipaddr from 'ipaddr.js';

/** Whether a setting's network range is written as an address and a prefix length (`10.0.0.0/8`, `fd00::/8`). */
export function isValidCidr(cidr: string): boolean {
  return ipaddr.isValidCIDR(cidr);
}
