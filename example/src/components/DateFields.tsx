/**
 * A date picked as day, month and year, written as the demo writes every date ("26 Nov 2026"), where a native date
 * input would show the browser's own format (mm/dd/yyyy in an American English browser) beside the demo's.
 */
import { useState } from "react";

const MONTHS = Array.from({ length: 12 }, (_, month) =>
  new Date(Date.UTC(2000, month, 1)).toLocaleDateString("en-GB", { month: "short", timeZone: "UTC" }),
);

/** How many days `month` (1–12) has in `year`. */
function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The parts of "YYYY-MM-DD" ("" for each part of an empty value). */
function partsOf(value: string): [string, string, string] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? [String(Number(match[3])), String(Number(match[2])), match[1]!] : ["", "", ""];
}

/** Day, month and year selects for a "YYYY-MM-DD" value ("": none); `onChange` gets "" until all three are chosen. */
export function DateFields(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const [parts, setParts] = useState(() => partsOf(props.value));
  const [shownValue, setShownValue] = useState(props.value);
  if (props.value !== shownValue) {
    // the value changed from outside (settings loaded): show it
    setShownValue(props.value);
    setParts(partsOf(props.value));
  }
  const [day, month, year] = parts;
  const firstYear = Math.min(new Date().getUTCFullYear(), year === "" ? Infinity : Number(year));
  const lastYear = Math.max(firstYear + 5, year === "" ? 0 : Number(year));
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, offset) => String(firstYear + offset));
  const days = month === "" ? 31 : daysIn(Number(month), year === "" ? 2000 : Number(year));
  const change = (index: 0 | 1 | 2, part: string) => {
    const next: [string, string, string] = [...parts];
    next[index] = part;
    if (next[0] && next[1] && Number(next[0]) > daysIn(Number(next[1]), next[2] ? Number(next[2]) : 2000)) next[0] = "";
    setParts(next);
    const [d, m, y] = next;
    const value = d && m && y ? `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}` : "";
    setShownValue(value);
    props.onChange(value);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring its own border and legend layout; the group role names the three selects together
    <span className="date-fields" role="group" aria-label={props.label}>
      <select
        aria-label="Day"
        value={day}
        disabled={props.disabled}
        onChange={(event) => change(0, event.target.value)}
      >
        <option value="">Day</option>
        {Array.from({ length: days }, (_, index) => String(index + 1)).map((candidate) => (
          <option key={candidate}>{candidate}</option>
        ))}
      </select>
      <select
        aria-label="Month"
        value={month}
        disabled={props.disabled}
        onChange={(event) => change(1, event.target.value)}
      >
        <option value="">Month</option>
        {MONTHS.map((name, index) => (
          <option key={name} value={String(index + 1)}>
            {name}
          </option>
        ))}
      </select>
      <select
        aria-label="Year"
        value={year}
        disabled={props.disabled}
        onChange={(event) => change(2, event.target.value)}
      >
        <option value="">Year</option>
        {years.map((candidate) => (
          <option key={candidate}>{candidate}</option>
        ))}
      </select>
    </span>
  );
}
