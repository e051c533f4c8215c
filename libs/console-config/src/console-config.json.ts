/** What the console needs to know about this deployment before it draws anything. */
export interface ConsoleConfigJson {
  /** The maplibre style of the console's maps; null when the deployment has no tile server. */
  map_style_url: string | null;
}
