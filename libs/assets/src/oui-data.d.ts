/** The IEEE registry as JSON: prefix (6, 7 or 9 upper-case hex digits) → organization name and address. */
declare module 'oui-data' {
  const registry: Record<string, string>;
  export default registry;
}
