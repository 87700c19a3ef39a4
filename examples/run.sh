#!/bin/sh
"$1" version
