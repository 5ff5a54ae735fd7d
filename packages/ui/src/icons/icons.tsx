import type { SVGProps } from 'react';

/** Decorative 24×24 icons (aria-hidden): name the control that holds them, not the icon. */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number | string };

function Svg({ d, size = 20, ...rest }: IconProps & { d: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

/** An icon component from one 24×24 path, for icons a feature needs that the system lacks. */
export function createIcon(d: string) {
  return (props: IconProps) => <Svg d={d} {...props} />;
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg
      d="M18.3 5.71a1 1 0 0 0-1.41 0L12 10.59 7.11 5.7A1 1 0 0 0 5.7 7.11L10.59 12 5.7 16.89a1 1 0 1 0 1.41 1.41L12 13.41l4.89 4.89a1 1 0 0 0 1.41-1.41L13.41 12l4.89-4.89a1 1 0 0 0 0-1.4z"
      {...props}
    />
  );
}

export function ChevronDownIcon(props: IconProps) {
  return <Svg d="M7.41 8.59 12 13.17l4.59-4.58L18 10l-6 6-6-6z" {...props} />;
}

export function MenuIcon(props: IconProps) {
  return <Svg d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" {...props} />;
}

export function BellIcon(props: IconProps) {
  return (
    <Svg
      d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2zm6-6V11c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1z"
      {...props}
    />
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Svg
      d="M15.5 14h-.79l-.28-.27A6.47 6.47 0 0 0 16 9.5 6.5 6.5 0 1 0 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z"
      {...props}
    />
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <Svg
      d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z"
      {...props}
    />
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <Svg
      d="M12 7a5 5 0 0 1 5 5c0 .65-.13 1.26-.36 1.83l2.92 2.92A11.8 11.8 0 0 0 23 12c-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7zM2 4.27l2.28 2.28.46.46A11.8 11.8 0 0 0 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55A2.8 2.8 0 0 0 9 12a3 3 0 0 0 3 3c.22 0 .44-.03.65-.08l1.55 1.55A5 5 0 0 1 7.53 9.8zm4.31-.78 3.15 3.15.02-.16a3 3 0 0 0-3-3z"
      {...props}
    />
  );
}

export function AlertIcon(props: IconProps) {
  return <Svg d="M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z" {...props} />;
}

export function InfoIcon(props: IconProps) {
  return <Svg d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2zm0-8h-2V7h2z" {...props} />;
}

export function CheckIcon(props: IconProps) {
  return <Svg d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" {...props} />;
}

export function InboxIcon(props: IconProps) {
  return (
    <Svg
      d="M19 3H4.99C3.88 3 3 3.9 3 5v14c0 1.1.88 2 1.99 2H19c1.1 0 2-.9 2-2V5a2 2 0 0 0-2-2zm0 12h-4a3 3 0 0 1-6 0H4.99V5H19z"
      {...props}
    />
  );
}

export function PlusIcon(props: IconProps) {
  return <Svg d="M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6z" {...props} />;
}

export function StarIcon(props: IconProps) {
  return (
    <Svg
      d="M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z"
      {...props}
    />
  );
}
