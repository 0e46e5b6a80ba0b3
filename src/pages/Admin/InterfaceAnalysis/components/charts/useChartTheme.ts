import { theme } from 'antd';
import { useMemo } from 'react';

/**
 * The charts' look, taken from the layout's antd tokens so they follow the
 * primary colour and any theme change: palette, text, axes, legend, tooltip.
 * The values are Chart.js options, spread into each chart's own.
 */
export function useChartTheme() {
  const { token } = theme.useToken();
  return useMemo(() => {
    const palette = [
      token.colorPrimary,
      token.cyan6,
      token.green6,
      token.gold6,
      token.purple6,
      token.magenta6,
      token.orange6,
      token.geekblue6,
      token.lime6,
      token.volcano6,
      token.blue3,
      token.cyan3,
      token.green3,
      token.gold3,
      token.purple3,
      token.magenta3,
      token.orange3,
      token.geekblue3,
      token.lime3,
      token.volcano3,
    ];
    const font = { family: token.fontFamily, size: token.fontSizeSM };
    return {
      token,
      palette,
      /** The colour of what is not one of the named interfaces. */
      restColor: token.colorTextQuaternary,
      /** An axis' labels. */
      ticks: { color: token.colorTextSecondary, font },
      grid: { color: token.colorBorderSecondary },
      axisLine: { color: token.colorBorder },
      // The popovers' look, in either theme.
      tooltip: {
        backgroundColor: token.colorBgElevated,
        borderColor: token.colorBorderSecondary,
        borderWidth: 1,
        titleColor: token.colorTextSecondary,
        bodyColor: token.colorText,
        titleFont: { family: token.fontFamily, size: token.fontSizeSM, weight: 'normal' as const },
        bodyFont: { family: token.fontFamily, size: token.fontSizeSM },
        padding: token.paddingXS,
        cornerRadius: token.borderRadius,
        boxPadding: 4,
        usePointStyle: true,
      },
      legendLabels: {
        color: token.colorText,
        font,
        usePointStyle: true,
        pointStyle: 'circle' as const,
        boxWidth: 8,
        boxHeight: 8,
      },
    };
  }, [token]);
}

export type ChartTheme = ReturnType<typeof useChartTheme>;
