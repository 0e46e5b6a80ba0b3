import { theme } from 'antd';
import { useMemo } from 'react';
import { useTheme } from '@/utils/theme';

/**
 * The charts' look, taken from the layout's antd tokens so they follow the
 * primary colour and any theme change: palette, text, axes, legend, tooltip.
 */
export function useChartTheme() {
  const { token } = theme.useToken();
  const { mode } = useTheme();
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
    const text = { fontFamily: token.fontFamily, fontSize: token.fontSizeSM };
    const axis = {
      ...text,
      labelFill: token.colorTextSecondary,
      labelFillOpacity: 1,
      labelFontFamily: token.fontFamily,
      lineStroke: token.colorBorder,
      tickStroke: token.colorBorder,
      gridStroke: token.colorBorderSecondary,
      gridStrokeOpacity: 1,
      gridLineDash: [0, 0],
      title: false,
    };
    return {
      token,
      palette,
      /** The colour of what is not one of the named interfaces. */
      restColor: token.colorTextQuaternary,
      theme: {
        type: mode === 'dark' ? 'classicDark' : 'classic',
        color: token.colorPrimary,
        category10: palette.slice(0, 10),
        category20: palette,
        view: { viewFill: 'transparent' },
        // The tooltip is HTML that G2 draws white whatever the theme: it takes the popovers' look.
        tooltip: {
          css: {
            '.g2-tooltip': {
              'background-color': token.colorBgElevated,
              'box-shadow': token.boxShadowSecondary,
              color: token.colorText,
            },
            '.g2-tooltip-title': { color: token.colorTextSecondary },
            '.g2-tooltip-list-item-name-label': { color: token.colorText },
            '.g2-tooltip-list-item-value': { color: token.colorText },
          },
        },
      },
      axis: { x: axis, y: axis },
      legendColor: {
        itemLabelFill: token.colorText,
        itemLabelFillOpacity: 1,
        itemLabelFontSize: token.fontSizeSM,
        itemLabelFontFamily: token.fontFamily,
        itemMarker: 'circle',
      },
      label: { fill: token.colorText, fontFamily: token.fontFamily, fontSize: token.fontSizeSM },
    };
  }, [token, mode]);
}

export type ChartTheme = ReturnType<typeof useChartTheme>;
