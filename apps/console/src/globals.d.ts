declare const __CONSOLE_COMMIT__: string;
declare const __CONSOLE_BUILD_TIME__: string;
