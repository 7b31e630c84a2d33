/** The chat app's content-hashed file name (app.<hash>.js), written into the loader by build.mjs. */
declare const __HOLBOO_WIDGET_APP__: string;
