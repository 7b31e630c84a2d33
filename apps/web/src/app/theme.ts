import { BREAKPOINTS } from "@holboo/core";
import { createTheme } from "@mantine/core";

const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: "indigo",
  defaultRadius: "md",
  fontFamily: "Inter, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontWeight: "650" },
  breakpoints: { xs: em(BREAKPOINTS.sm - 100), sm: em(BREAKPOINTS.sm), md: em(BREAKPOINTS.md), lg: em(BREAKPOINTS.lg), xl: em(BREAKPOINTS.xl) },
  components: {
    Button: { defaultProps: { radius: "md" } },
    Paper: { defaultProps: { radius: "lg" } },
    Card: { defaultProps: { radius: "lg", withBorder: true } },
  },
});
