import { Anchor, Box, Text } from '@mantine/core';
import { useAuthStore } from 'runtime-kernel';
import { CONTACT } from './contact-details';
import { useT } from '@/features/contact/i18n';

const PALETTES = {
  light: {
    land: '#f1efe9',
    block: '#e4e1d8',
    park: '#cfe8c6',
    water: '#a9d3f0',
    road: '#ffffff',
    roadEdge: '#d3cec2',
    major: '#ffe29a',
    majorEdge: '#e3bd5b',
    label: '#5c5f66',
    water_label: '#2f6d9a',
  },
  dark: {
    land: '#23252b',
    block: '#2c2f36',
    park: '#27402b',
    water: '#1f3d58',
    road: '#3a3d45',
    roadEdge: '#1a1b1e',
    major: '#6b5a2a',
    majorEdge: '#3d331a',
    label: '#a6a7ab',
    water_label: '#74a9d6',
  },
};

/**
 * The contact page's map, drawn locally: an embedded tile map would need the network (and a third
 * party) on every visit, and show an empty frame offline. This sketch of the area always renders;
 * the link opens a real map for directions when there is a connection.
 */
export function AreaMap() {
  const t = useT();
  const theme = useAuthStore((s) => s.theme);
  const c = PALETTES[theme];
  return (
    <Box
      pos="relative"
      style={{
        borderRadius: 'var(--mantine-radius-lg)',
        overflow: 'hidden',
        border: '1px solid var(--mantine-color-default-border)',
      }}
    >
      <svg
        viewBox="0 0 640 360"
        width="100%"
        role="img"
        aria-labelledby="area-map-title"
        style={{ display: 'block', aspectRatio: '16 / 9', height: 'auto' }}
        data-testid="area-map"
      >
        <title id="area-map-title">
          {t('contact.mapTitle', {
            address: `${t('contact.addressLines.street')}, ${t('contact.addressLines.city')}`,
          })}
        </title>
        <rect width="640" height="360" fill={c.land} />
        {/* city blocks */}
        {[
          [20, 20, 150, 90],
          [200, 20, 120, 90],
          [350, 20, 120, 60],
          [20, 140, 150, 80],
          [200, 140, 120, 80],
          [20, 250, 150, 90],
          [200, 250, 120, 90],
          [500, 20, 120, 90],
          [500, 140, 120, 200],
        ].map(([x, y, w, h]) => (
          <rect key={`${x}-${y}`} x={x} y={y} width={w} height={h} rx="6" fill={c.block} />
        ))}
        {/* Dhanmondi lake and its park */}
        <path
          d="M350 110 C 390 100, 430 130, 450 170 S 470 280, 420 320 S 340 330, 350 260 S 330 150, 350 110 Z"
          fill={c.park}
        />
        <path
          d="M372 130 C 400 125, 425 150, 435 180 S 445 265, 415 295 S 362 300, 368 255 S 352 160, 372 130 Z"
          fill={c.water}
        />
        <text x="400" y="215" fontSize="12" fill={c.water_label} textAnchor="middle" fontStyle="italic">
          {t('contact.map.lake')}
        </text>
        {/* streets */}
        <g stroke={c.roadEdge} strokeWidth="14" strokeLinecap="round">
          <path d="M0 125 H640" />
          <path d="M0 235 H330" />
          <path d="M185 0 V360" />
          <path d="M335 0 V110" />
        </g>
        <g stroke={c.road} strokeWidth="10" strokeLinecap="round">
          <path d="M0 125 H640" />
          <path d="M0 235 H330" />
          <path d="M185 0 V360" />
          <path d="M335 0 V110" />
        </g>
        <path d="M485 0 V360" stroke={c.majorEdge} strokeWidth="20" />
        <path d="M485 0 V360" stroke={c.major} strokeWidth="15" />
        <g fontSize="11" fill={c.label} fontWeight="600">
          <text x="60" y="120">
            {t('contact.map.road5')}
          </text>
          <text x="40" y="230">
            {t('contact.map.road8')}
          </text>
          <text x="632" y="120" textAnchor="end">
            {t('contact.map.satmasjid')}
          </text>
          <text transform="translate(480 330) rotate(-90)">{t('contact.map.mirpur')}</text>
          <text transform="translate(180 345) rotate(-90)">{t('contact.map.road4')}</text>
        </g>
        {/* the office */}
        <g transform="translate(262 125)">
          <ellipse cx="0" cy="2" rx="10" ry="4" fill="#000" opacity="0.2" />
          <path
            d="M0 0 C -6 -12, -16 -18, -16 -30 A 16 16 0 0 1 16 -30 C 16 -18, 6 -12, 0 0 Z"
            fill="#e03131"
            stroke="#fff"
            strokeWidth="2"
          />
          <circle cx="0" cy="-30" r="6" fill="#fff" />
        </g>
        <g transform="translate(262 68)">
          <rect
            x="-92"
            y="-30"
            width="184"
            height="34"
            rx="8"
            fill={theme === 'dark' ? '#1a1b1e' : '#ffffff'}
            stroke={c.roadEdge}
          />
          <text
            x="0"
            y="-15"
            textAnchor="middle"
            fontSize="12"
            fontWeight="700"
            fill={theme === 'dark' ? '#e9ecef' : '#212529'}
          >
            SecondByte
          </text>
          <text x="0" y="-2" textAnchor="middle" fontSize="10" fill={c.label}>
            {t('contact.addressLines.street')}
          </text>
        </g>
      </svg>
      <Text
        size="xs"
        px="sm"
        py={6}
        c="dimmed"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        {t('contact.mapNote')}{' '}
        <Anchor
          href={CONTACT.mapSearchUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          underline="always"
        >
          {t('contact.fullMap')}
        </Anchor>
      </Text>
    </Box>
  );
}
