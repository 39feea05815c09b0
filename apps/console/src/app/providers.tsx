import CssBaseline from '@mui/material/CssBaseline';
import { enUS, zhCN } from '@mui/material/locale';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already told the user; a refused call is not retried.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

/** MUI theme following the language (MUI locale texts), TanStack Query. */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const theme = useMemo(
    () =>
      createTheme(
        {
          palette: { primary: { main: '#1565c0' }, background: { default: '#f4f6f8' } },
          typography: {
            fontFamily:
              '"Roboto","Helvetica","Arial","PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","WenQuanYi Micro Hei",sans-serif',
          },
          shape: { borderRadius: 6 },
          breakpoints: { values: { xs: 0, sm: 600, md: 800, lg: 1051, xl: 1536 } },
          components: {
            MuiButton: { defaultProps: { disableElevation: true } },
            MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
          },
        },
        lang === 'zh-CN' ? zhCN : enUS,
      ),
    [lang],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
