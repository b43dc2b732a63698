// Copies what tsc does not emit: the icons (referenced as file:../icons/… from dist) and the codex JSON files.
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src('icons/**/*.{png,svg}').pipe(dest('dist/icons'));
}

function copyCodex() {
	return src('nodes/**/*.node.json').pipe(dest('dist/nodes'));
}

exports['build:icons'] = parallel(copyIcons, copyCodex);
