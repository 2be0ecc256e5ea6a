import { Link } from '@mui/material';

/** For keyboard users: the first Tab stop jumps past the sidebar to the page. */
export function SkipLink() {
  return (
    <Link
      href="#main-content"
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: 2000,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 2,
        '&:focus': { top: 8 },
      }}
    >
      Skip to content
    </Link>
  );
}
