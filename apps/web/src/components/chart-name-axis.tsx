import { Text } from 'recharts';

/** The width of a vertical bar chart's name axis. */
const NAME_AXIS_WIDTH = 110;
const NAME_STYLE = { fontSize: 12 };

/**
 * A name on a vertical chart's axis, kept inside the axis: it ends 16 px left of the axis' edge (the
 * 6 px tick and Mantine's 10 px shift), and a name that would not fit in two lines ends in "…"
 * instead of running out of the chart on the left (recharts' default tick drops `maxLines`). The
 * table beside the chart holds the whole name.
 */
function NameTick({
  x,
  y,
  payload,
}: {
  x?: number | string;
  y?: number | string;
  payload?: { value: unknown };
}) {
  return (
    <Text
      x={x}
      y={y}
      width={NAME_AXIS_WIDTH - 20}
      maxLines={2}
      textAnchor="end"
      verticalAnchor="middle"
      transform="translate(-10, 0)"
      // Measured at the size it is drawn (recharts measures the words with `style` only).
      style={NAME_STYLE}
      fill="currentColor"
    >
      {String(payload?.value ?? '')}
    </Text>
  );
}

/** The y axis of a vertical (Mantine) bar chart whose bars are named: `yAxisProps={NAME_AXIS}`. */
export const NAME_AXIS = { width: NAME_AXIS_WIDTH, tick: NameTick };
