/// <reference types="vite/client" />

interface ImportMetaEnv {
  /**
   * Where the app loads its remote configuration (server lines, links, map tiles) when it is not the
   * line's own /remote-config.json: e.g. a file on object storage, so a line that is down does not take
   * the list of the others with it. Set at build time.
   */
  readonly VITE_REMOTE_CONFIG_URL?: string;
}
